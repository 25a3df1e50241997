// heap workload `push_growth`: slices grown by push from empty. Each slice
// gets 2^e + r ints (e uniform in 0..17, so 1 to 256 Ki ints, up to 2 MiB
// of storage): every growth allocates the next size and frees the last,
// through the small classes, then page runs; the slice is read once and
// deleted. Usage: push_growth slices rounds (rounds 0: start-up only).
// Prints `checksum <u64> pairs <slices>` (bench/heap/run.py).

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
        eprintln("push_growth: bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

fn main() -> int {
    let a = args()
    if a.len != 2 {
        eprintln("usage: push_growth slices rounds")
        return 2
    }
    let slices = arg_int(a, 0)
    let rounds = arg_int(a, 1)
    var sum: u64 = 0
    var pairs = 0
    for _ in 0..rounds {
        for _ in 0..slices {
            let e = (next() % 18) as int
            let n = (1 << e) + (next() % ((1 << e) as u64)) as int
            var xs: []int
            for i in 0..n { xs.push(i) }
            sum = sum * 31 + xs[n / 2] as u64 + xs.cap as u64
            delete(xs)
            pairs += 1
        }
    }
    println("checksum", sum, "pairs", pairs)
    return 0
}
