// expect runtime error: runtime error: stack overflow (recursion too deep, or a local too large for the stack)
// A local array larger than the stack (64 MiB here; the default stack is
// 8 MiB) faults below the guard page: the same runtime error. The element
// index comes from the arguments so that no C compiler drops the array.
// (No output before it: at -O2 big is inlined and main's own frame faults.)
fn big(k: int) -> int {
    var a: [8000000]int
    for i in 0..a.len {
        a[i] = i + k
    }
    return a[k] + a[a.len - 1 - k]
}

fn main() {
    println(big(args().len))
}
