// `as` to the identical type is allowed for every type (Go's identity
// conversion); it yields the operand unchanged.
struct Point { x: int, y: int }

const K = true as bool

fn same[T](x: T) -> T { return x as T }

fn main() {
    let p = Point{x: 1, y: 2} as Point
    println(p.x + p.y)
    println(K)
    println(true as bool)
    println("s" as string)
    var xs = make([]int, 3) as []int
    println(xs.len)
    let o: ?int = 5
    println((o as ?int) != none)
    let a = [1, 2]
    println((a as [2]int)[1])
    println(same(7))
    println(same("seven"))
    let f = fn() -> int { return 3 }
    println((f as fn() -> int)())
    println(2.5 as f64)
}
