// heap workload `short_lived` (churn): many short-lived slices of mixed
// sizes. A ring of 64 []u8 slots; each step deletes the oldest and makes a
// new one of a random size: 16 B to 4 KiB (log-uniform) 7 times in 8, else
// 4 KiB to 64 KiB, so small classes and page runs churn side by side; a
// byte is written and read back. Usage: short_lived steps rounds (rounds 0:
// start-up only). Prints `checksum <u64> pairs <allocations>`.

const RING: int = 64

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
        eprintln("short_lived: bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

// 16 B..4 KiB log-uniform, one time in 8 4 KiB..64 KiB.
fn size() -> int {
    let r = next()
    let e = if_big(r)
    let base = 16 << e
    return base + (next() % (base as u64)) as int
}

fn if_big(r: u64) -> int {
    if r % 8 == 0 { return 8 + ((r >> 3) % 4) as int }
    return ((r >> 3) % 8) as int
}

fn main() -> int {
    let a = args()
    if a.len != 2 {
        eprintln("usage: short_lived steps rounds")
        return 2
    }
    let steps = arg_int(a, 0)
    let rounds = arg_int(a, 1)
    var ring: [][]u8
    for _ in 0..RING { ring.push(make([]u8, 16)) }
    var sum: u64 = 0
    var pairs = 0
    var k = 0
    for _ in 0..rounds {
        for _ in 0..steps {
            delete(ring[k])
            let n = size()
            var b = make([]u8, n)
            b[n - 1] = (n & 255) as u8
            ring[k] = b
            k = (k + 1) % RING
            sum += ring[(k + 31) % RING][ring[(k + 31) % RING].len - 1] as u64 + n as u64
            pairs += 1
        }
    }
    for i in 0..RING { delete(ring[i]) }
    println("checksum", sum, "pairs", pairs)
    return 0
}
