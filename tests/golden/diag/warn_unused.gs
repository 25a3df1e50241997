// goose-flags: -Werror
// Warnings (errors under -Werror): unused variables and imports, values
// dropped by a statement, unreachable code, shadowing. Never reported: a
// name starting with _, a parameter, a reference only written through
// (v), `_ = value`, a call with effects, a shadow in a closure. A copy
// never read (r) is unused.
import "strings"
import "math"

struct P { x: int }

fn set(p: ref P) { p.x = 1 }

fn f(x: int, unused_param: int) -> int {
    let unused = 3
    let _quiet = 4
    var assigned = 0
    assigned = 5
    if x > 0 {
        let x = 2
        return x
    }
    return x
    println("never")
}

fn main() {
    let y = f(1, 2)
    y + 1
    abs(y)
    _ = abs(y)
    y
    for i in 0..3 {
        continue
        println(i)
    }
    for k in 0..2 {
        println("twice")
    }
    var p = P{}
    let r = p
    set(p)
    var o: ?int = 5
    match ref o {
        some(v) => v += 1
        none => {}
    }
    let g = fn(z: int) -> int {
        let y = z
        return y
    }
    println(g(2), math.sqrt(2.0), p.x)
    match y {
        1 => println(1)
        _ => {
            return
            println(2)
        }
    }
}
