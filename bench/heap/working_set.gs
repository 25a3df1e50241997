// heap workload `working_set` (churn): a long-lived working set with
// churn. `blocks` []u8 slices of random sizes (16 B..2 KiB log-uniform,
// one in 16 up to 32 KiB) are made, then each round replaces `blocks`
// random ones (delete, make a new random size), so the set keeps its size
// while its holes move: fragmentation and peak RSS count here. A byte of
// each new block is written and read back later. Usage: working_set blocks
// rounds (rounds 0: only the set is built). Prints `checksum <u64> pairs
// <allocations>`.

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
        eprintln("working_set: bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

fn size() -> int {
    let r = next()
    var e = ((r >> 4) % 8) as int
    if r % 16 == 0 { e = 8 + ((r >> 4) % 3) as int }
    let base = 16 << e
    return base + (next() % (base as u64)) as int
}

fn fresh() -> []u8 {
    let n = size()
    var b = make([]u8, n)
    b[0] = (n & 255) as u8
    return b
}

fn main() -> int {
    let a = args()
    if a.len != 2 {
        eprintln("usage: working_set blocks rounds")
        return 2
    }
    let blocks = arg_int(a, 0)
    let rounds = arg_int(a, 1)
    var set: [][]u8
    for _ in 0..blocks { set.push(fresh()) }
    var sum: u64 = 0
    var pairs = blocks
    for _ in 0..rounds {
        for _ in 0..blocks {
            let i = (next() % (blocks as u64)) as int
            sum += set[i][0] as u64 + set[i].len as u64
            delete(set[i])
            set[i] = fresh()
            pairs += 1
        }
    }
    for i in 0..blocks {
        sum += set[i][0] as u64
        delete(set[i])
    }
    delete(set)
    println("checksum", sum, "pairs", pairs)
    return 0
}
