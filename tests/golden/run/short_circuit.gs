// && and || short-circuit; && binds tighter than ||; ! binds tightest.
var calls: int

fn yes(tag: string) -> bool {
    calls += 1
    print(tag, "")
    return true
}

fn no(tag: string) -> bool {
    calls += 1
    print(tag, "")
    return false
}

fn main() {
    println(no("a") && yes("b"))
    println(yes("a") || no("b"))
    println(yes("a") && no("b"))
    println(no("a") || yes("b"))
    println(no("a") || yes("b") && no("c"))
    println(yes("a") || yes("b") && yes("c"))
    println(!no("a") && !no("b"))
    var xs = make([]int, 2)
    let i = 5
    println(i < xs.len && xs[i] == 0)
    println(i >= xs.len || xs[i] == 0)
    var n = 0
    while n < 10 && n * n < 20 { n += 1 }
    println(n, calls)
    let t = true
    let f = false
    println(t && f || t, t || f && f, !(t && f), !t || !f)
}
