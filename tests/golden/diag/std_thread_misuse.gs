// thread's API misused: a body of the wrong shape, a Mutex or Atomic
// method on a value that is not one, and the runtime primitives behind
// the module, which a user module may not call.
import "thread"

fn main() {
    thread.parallel(2, fn(i: int) -> int { return i })
    thread.parallel(2, fn() {})
    var n = 0
    n.lock()
    var a: thread.Atomic
    a.add("one")
    __parallel(2, fn(i: int) {})
    __atomic_add(n, 1)
}
