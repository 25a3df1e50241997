// thread.Atomic: the zero value is 0; add returns the new value and wraps
// as + does; compare_swap sets only when the value is the old one. From
// many threads at once no update is lost: add, and a compare_swap loop.
import "thread"

struct Stats {
    hits: thread.Atomic
    misses: thread.Atomic
}

fn main() {
    var a: thread.Atomic
    println(a.load())
    println(a.add(5), a.add(-2), a.load())
    a.store(40)
    println(a.compare_swap(41, 0), a.load())
    println(a.compare_swap(40, 41), a.load())
    a.store(9_223_372_036_854_775_807)
    println(a.add(1))

    // 8 threads x 20000 adds
    var count: thread.Atomic
    var last: thread.Atomic
    thread.parallel(8, fn(i: int) {
        for _k in 0..20_000 {
            let v = count.add(1)
            if v == 160_000 {
                last.store(1)
            }
        }
    })
    println(count.load(), last.load())

    // increments by compare_swap: each thread retries until its swap wins
    var cas: thread.Atomic
    var retries: thread.Atomic
    thread.parallel(4, fn(i: int) {
        for _k in 0..10_000 {
            while true {
                let old = cas.load()
                if cas.compare_swap(old, old + 2) {
                    break
                }
                retries.add(1)
            }
        }
    })
    println(cas.load(), retries.load() >= 0)

    // Atomics inside a struct, through a reference
    var st: Stats
    thread.parallel(6, fn(i: int) {
        for k in 0..1000 {
            if (k + i) % 3 == 0 {
                st.hits.add(1)
            } else {
                st.misses.add(1)
            }
        }
    })
    println(st.hits.load(), st.misses.load())
}
