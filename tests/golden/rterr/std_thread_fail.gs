// expect runtime error: tests/golden/rterr/std_thread_fail.gs:17:17: runtime error: index 12 out of range for length 4
// A runtime error on a thread that parallel started stops the whole
// program with status 101: what was printed before is flushed, the error
// names the user's file:line:col, and the other bodies do not finish.
import "thread"

fn main() {
    let xs = make([]int, 4)
    println("before")
    thread.parallel(4, fn(i: int) {
        if i != 2 {
            while true {
                xs[i] += 1
            }
        }
        let j = i + 10
        println(xs[j])
    })
    println("never")
}
