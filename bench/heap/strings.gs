// heap workload `strings`: string building. Each line is built piece by
// piece with `+` (8 to 63 pieces: a number from to_string, then a comma),
// every step a new string with the old one and the piece deleted, so the
// heap sees short-lived blocks whose sizes climb through the small classes
// (16 B to ~700 B); the finished line is hashed and deleted.
// Usage: strings lines rounds — rounds x lines lines (rounds 0: start-up
// only). Prints `checksum <u64> pairs <allocations>` (bench/heap/run.py).

var rng: u64 = 88172645463325252

fn next() -> u64 {
    rng ^= rng << 13
    rng ^= rng >> 7
    rng ^= rng << 17
    return rng
}

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln("strings: bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

fn main() -> int {
    let a = args()
    if a.len != 2 {
        eprintln("usage: strings lines rounds")
        return 2
    }
    let lines = arg_int(a, 0)
    let rounds = arg_int(a, 1)
    var sum: u64 = 0
    var pairs = 0
    for _ in 0..rounds {
        for _ in 0..lines {
            let pieces = 8 + (next() % 56) as int
            var s = to_string((next() % 1000) as int)
            pairs += 1
            for _ in 1..pieces {
                let p = to_string((next() % 100000000) as int)
                let t = s + p
                delete(s)
                delete(p)
                let u = t + ","
                delete(t)
                s = u
                pairs += 3
            }
            sum = sum * 31 + hash(s) + s.len as u64
            delete(s)
        }
    }
    println("checksum", sum, "pairs", pairs)
    return 0
}
