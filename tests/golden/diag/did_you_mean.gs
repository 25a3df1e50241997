// An unknown name, function, type, field, method, variant, module member
// or module gets the closest name that exists where it was looked for
// (edit distance: a swap of two letters is one edit, case is none).
// Nothing is offered when nothing is close: x, qqqqq, zz.
import "strings"
import "mapp"

struct Point { x: int, name: string }
enum Color { Red, Green, Blue }
fn (p: Point) norm() -> int { return p.x }
fn counter() -> int { return 1 }

fn main() {
    let count = 3
    println(cuont)
    prinln(count)
    let p = Point{x: 1, nmae: "a"}
    println(p.nmae, p.nrom())
    var xs: []int
    xs.psuh(1)
    println(xs.lne)
    println(strngs.contains("a", "b"))
    println(strings.contans("a", "b"))
    let c = Color.Rde
    var q: Pont
    var r: strng
    println(counterr(), Counter())
    println(x, qqqqq, p.zz)
    var t: Strng
    let b = ture
}
