/* A block comment before everything,
   over two lines. */

// Comments stay where they are: on their own lines (indented as the
// code), at the end of lines (aligned in runs), inside expressions.
import "map"   // a trailing comment after an import

const LIMIT: int = 10      // the first of a run
const STEP: int = 2 // the second
const NAME: string = "limit"             // the third

/* before a struct */ struct Box {
    w: int     // width
    h: int // height
    // a comment between fields
    label: string /* a block comment after a field */
}

fn area(b: Box) -> int { // after an opening brace
    // first in the body
    return b.w * /* inline */ b.h    // after a statement
    // last in the body, before the closing brace
} // after a closing brace

fn pick(a: int, // after a parameter
        b: int) -> int {
    if a > b { // after if's brace
        return a
    } else { /* after else's brace */
        return b
    }
}

fn main() {
        /* A block comment over lines, indented too far:
         * its lines move with it,
   but not this one.
         */
    var m: map.Map[string, int] /* block at the end */
    defer m.free()
    m.put(NAME, LIMIT)
    let b = Box{w: 3, /* in a literal */ h: 4, label: "box"}
    let x = pick(1,
        // between arguments
        2)
    let y = LIMIT +    // after an operator
        STEP
    println(area(b), x, y, /*before a call*/m.has(NAME))
        // indented too far, and before a closing brace
}
// at the end of the file
