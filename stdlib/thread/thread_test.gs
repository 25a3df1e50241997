// The thread module's own tests (goose test stdlib/thread); this file joins
// the module, so parallel, Mutex and Atomic are named unqualified.

fn test_parallel_bodies_write_their_own_elements() {
    let n = 8
    let per = 25_000
    let sums = make([]int, n)
    parallel(n, fn(i: int) {
        var s = 0
        for k in i * per..(i + 1) * per {
            s += k
        }
        sums[i] = s
    })
    var total = 0
    for s in sums {
        total += s
    }
    let m = n * per
    assert total == m * (m - 1) / 2
    delete(sums)
}

fn test_parallel_of_nothing() {
    var ran = false
    parallel(0, fn(i: int) { ran = true })
    parallel(-3, fn(i: int) { ran = true })
    assert !ran
    assert cpus() >= 1
}

fn test_atomic() {
    var a: Atomic
    assert a.load() == 0
    assert a.add(5) == 5 && a.add(-2) == 3
    a.store(40)
    assert !a.compare_swap(41, 0) && a.load() == 40
    assert a.compare_swap(40, 41) && a.load() == 41
    a.store(9_223_372_036_854_775_807)
    assert a.add(1) == -9_223_372_036_854_775_807 - 1
}

fn test_no_update_lost() {
    var count: Atomic
    var guarded = 0
    var m = Mutex{}
    parallel(8, fn(i: int) {
        for k in 0..10_000 {
            count.add(1)
            m.with(fn() { guarded += 1 })
        }
    })
    assert count.load() == 80_000
    assert guarded == 80_000
}
