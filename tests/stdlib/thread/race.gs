// A deliberate data race (tests/stdlib/thread/check_tsan.py): four bodies
// add to one captured int with no Mutex or Atomic. With --fixed the adds
// go through a thread.Atomic instead: the same program, race-free.
import "thread"

fn main() {
    let fixed = args().len > 0 && args()[0] == "--fixed"
    var total = 0
    var atomic: thread.Atomic
    thread.parallel(4, fn(i: int) {
        for _k in 0..2000 {
            if fixed {
                atomic.add(1)
            } else {
                total += 1
            }
        }
    })
    println(total + atomic.load() > 0)
}
