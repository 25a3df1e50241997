// Generic instances get their own C names: gs_main_max__i64, gs_main_max__str,
// and a generic struct gs_main_Pair__i64__str with its method instances.
struct Pair[A, B] { first: A, second: B }

fn max[T](a: T, b: T) -> T {
    if a > b { return a }
    return b
}

fn (p: Pair[A, B]) swap() -> Pair[B, A] {
    return Pair[B, A]{first: p.second, second: p.first}
}

fn main() {
    println(max(3, 9), max("pear", "apple"), max(2.5, -1.0))
    let p = Pair[int, string]{first: 1, second: "one"}
    let q = p.swap()
    println(q.first, q.second)
}
