// thread.Mutex: the zero value is unlocked; lock/unlock and with keep a
// read-modify-write of shared data whole, so no update is lost: an int
// total, a slice that grows (push may move its storage), a string.
import "thread"

struct Account {
    mu: thread.Mutex
    balance: int
}

fn deposit(acc: ref Account, amount: int) {
    acc.mu.lock()
    acc.balance += amount
    acc.mu.unlock()
}

fn main() {
    var mu: thread.Mutex
    var total = 0
    thread.parallel(8, fn(i: int) {
        for _k in 0..5000 {
            mu.lock()
            total += i
            mu.unlock()
        }
    })
    println(total)

    // with: a slice pushed to from every thread
    var seen: []int
    thread.parallel(6, fn(i: int) {
        for k in 0..100 {
            mu.with(fn() { seen.push(i * 100 + k) })
        }
    })
    var sum = 0
    for v in seen {
        sum += v
    }
    println(seen.len, sum)

    // a Mutex in a struct, through a reference
    var acc = Account{balance: 100}
    thread.parallel(4, fn(i: int) {
        for _k in 0..2500 {
            deposit(acc, 1)
        }
    })
    println(acc.balance)

    // lock held across a slow section: the others wait
    var order: []int
    var inside = 0
    var overlap = false
    thread.parallel(4, fn(i: int) {
        mu.with(fn() {
            inside += 1
            if inside > 1 {
                overlap = true
            }
            var s = 0
            for k in 0..200_000 {
                s += k
            }
            order.push(s % 7)
            inside -= 1
        })
    })
    println(order.len, overlap)
}
