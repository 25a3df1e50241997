// expect runtime error: tests/golden/rterr/std_thread_unlock.gs:12:5: runtime error: unlock of an unlocked thread.Mutex
// Unlocking a thread.Mutex that is not locked is a runtime error at the
// user's call.
import "thread"

fn main() {
    var m: thread.Mutex
    m.lock()
    m.unlock()
    println("unlocked once")
    m.with(fn() { println("inside") })
    m.unlock()
}
