// Comments: `//` to the end of the line and `/* block */` (not nested).
/* A block comment
   spanning lines, with // inside it
   and a lone * and / too. */
fn main() {
    let a = 1 /* inline */ + 2 // trailing
    println(a)                 // 3
    /* println(99) */
    // println(98)
    let b = /**/ 4
    println(b, /* between args */ a)
    /* a comment with "a string" and 'c' in it */ println("x // not a comment", "/* nor this */")
    println(10 /* ** / */ * 2)
}
