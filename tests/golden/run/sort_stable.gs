// sort.sort_by is stable: records with equal keys keep their input order,
// for sizes below and above the insertion-run length and with lopsided
// last merges; a descending order and a closure that captures a counter.
import "sort"

struct Rec { key: int, id: int }

fn check(n: int, groups: int) -> bool {
    var xs: []Rec
    for i in 0..n { xs.push(Rec{key: (i * 7919) % groups, id: i}) }
    sort.sort_by(xs, fn(a: Rec, b: Rec) -> bool { return a.key < b.key })
    var ok = true
    for i in 1..xs.len {
        let p = xs[i - 1]
        let q = xs[i]
        if p.key > q.key || (p.key == q.key && p.id > q.id) { ok = false }
    }
    delete(xs)
    return ok
}

fn main() {
    for n in [0, 1, 5, 24, 25, 48, 49, 97, 1000, 3000, 5000] {
        print(n, check(n, 3), check(n, 50), "")
    }
    println()
    var xs: []Rec
    for i in 0..12 { xs.push(Rec{key: i % 4, id: i}) }
    var calls = 0
    sort.sort_by(xs, fn(a: Rec, b: Rec) -> bool {
        calls += 1
        return a.key > b.key
    })
    for r in xs { print(to_string(r.key) + ":" + to_string(r.id), "") }
    println()
    println("calls > 0", calls > 0)
    var ss: []string
    for w in ["pear", "fig", "apple", "kiwi", "plum", "date", "lime"] { ss.push(w) }
    sort.sort_by(ss, fn(a: string, b: string) -> bool { return a.len < b.len })
    for s in ss { print(s, "") }
    println()
}
