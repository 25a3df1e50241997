// sort.sort on strings: bytewise order (a prefix first, the empty string
// first of all, bytes above 127 after ASCII), duplicates, and 2000
// generated strings checked ascending.
import "sort"

fn main() {
    var xs: []string
    for w in ["banana", "apple", "", "app", "Banana", "apple", "\xff", "a", "apples", "zeta", "B"] {
        xs.push(w)
    }
    sort.sort(xs)
    for s in xs { print("[" + s + "]") }
    println()
    var ys: []string
    var seed: u64 = 99
    for _i in 0..2000 {
        seed = seed * 6364136223846793005 + 1442695040888963407
        ys.push(to_string((seed >> 40) % 500))
    }
    sort.sort(ys)
    var ok = true
    for i in 1..ys.len {
        if ys[i - 1] > ys[i] { ok = false }
    }
    println("2000 ascending", ok, ys[0], ys[1999])
    for s in ys { delete(s) }
    delete(ys)
}
