// expect runtime error: runtime error: stack overflow (recursion too deep, or a local too large for the stack)
// Recursion without end runs off the stack: a runtime error with status
// 101 and the output so far flushed, not a bare segfault. It has no site
// (the fault can be in any function). Two recursive calls, so no C
// compiler turns the recursion into a loop.
fn f(n: int) -> int {
    if n < 0 {
        return 0
    }
    return f(n + 1) + f(n + 2)
}

fn main() {
    println("before")
    println(f(0))
}
