// The program tests/debug/check_gdb.py runs under gdb after goose build -g:
// the line numbers below are the script's, keep them.
import "strings"

struct Point { x: int, y: int }

fn total_of(xs: []int) -> int {
    var total = 0
    for x in xs {
        total += x
    }
    return total
}

fn main() {
    let p = Point{x: 3, y: 4}
    var xs: []int
    xs.push(p.x)
    xs.push(p.y)
    let sum = total_of(xs)
    let word = strings.repeat("ab", 2)
    println(sum, word)
    var count = 0
    let add = fn(n: int) {
        count += n
    }
    add(sum)
    println(count)
}
