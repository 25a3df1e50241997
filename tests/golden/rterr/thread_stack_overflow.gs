// expect runtime error: runtime error: stack overflow (recursion too deep, or a local too large for the stack)
// Recursion without end on a thread that parallel started runs off that
// thread's stack: the same runtime error as on the main thread (status
// 101, output so far flushed), not a bare segfault. Two recursive calls,
// so no C compiler turns the recursion into a loop. Not named std_thread_*:
// under run_golden.py --sanitize that would build it with ThreadSanitizer,
// whose stack depot cannot hold a recursion this deep (it stops with
// "CHECK failed"); AddressSanitizer builds run it as they run
// stack_overflow.gs.
import "thread"

fn f(n: int) -> int {
    if n < 0 {
        return 0
    }
    return f(n + 1) + f(n + 2)
}

fn main() {
    println("before")
    thread.parallel(3, fn(i: int) {
        if i == 1 {
            println(f(0))
        }
    })
}
