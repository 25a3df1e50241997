// JavaScript's xs.length, Go's and Python's len(xs) and Rust's xs.len()
// are xs.len in Goose, for slices, strings and fixed arrays. A struct
// without such a field gets no hint. (A user's len function and length
// field work as declared: run/habit_names.gs.)
struct P { x: int }

fn main() {
    var xs: []int
    let s = "hello"
    let a = [1, 2, 3]
    println(xs.length, s.length, a.length)
    println(len(xs), len(s), len(xs[0:1]))
    println(xs.len(), s.length())
    let p = P{x: 1}
    println(p.length)
}
