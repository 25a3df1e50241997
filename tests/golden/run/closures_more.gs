// More closures: capturing loop variables and parameters, struct fields
// written through a capture, closures handed down several calls, closures
// inside generic functions and methods, early return from inside a loop.
struct Acc { total: int, count: int }

fn each(xs: []int, f: fn(int)) {
    for x in xs { f(x) }
}

fn each_twice(xs: []int, f: fn(int)) {
    each(xs, f)
    each(xs, f)
}

fn fold[T](xs: []T, init: T, f: fn(T, T) -> T) -> T {
    var acc = init
    for x in xs { acc = f(acc, x) }
    return acc
}

fn scaled_sum(xs: []int, k: int) -> int {
    var s = 0
    each(xs, fn(x: int) { s += x * k })
    return s
}

fn first_over(xs: []int, limit: int) -> int {
    var found = -1
    each(xs, fn(x: int) {
        if found < 0 && x > limit { found = x }
    })
    return found
}

fn main() {
    var xs = make([]int, 5)
    for i in 0..5 { xs[i] = i + 1 }
    var acc = Acc{}
    each_twice(xs, fn(x: int) {
        acc.total += x
        acc.count += 1
    })
    println(acc.total, acc.count)
    println(scaled_sum(xs, 3), first_over(xs, 3), first_over(xs, 10))
    println(fold(xs, 0, fn(a: int, b: int) -> int { return a + b }))
    println(fold(xs, 1, fn(a: int, b: int) -> int { return a * b }))
    var words: []string
    words.push("a")
    words.push("bc")
    println(fold(words, "", fn(a: string, b: string) -> string { return a + b + "." }))
    var log = ""
    for i in 0..3 {
        let tag = "t" + to_string(i)
        let add = fn(s: string) { log = log + tag + s }
        add("!")
    }
    println(log)
    var counter = 0
    let inc = fn() -> int {
        counter += 1
        return counter
    }
    println(inc() + inc() * 10, counter)
}
