// FNV-1a and xorshift64*: u64 wrapping multiplication, xor and shifts.
fn fnv1a(s: string) -> u64 {
    var h: u64 = 0xcbf29ce484222325
    for c in s {
        h ^= c as u64
        h *= 0x100000001b3
    }
    return h
}

struct Rng { state: u64 }

fn (r: ref Rng) next() -> u64 {
    var x = r.state
    x ^= x >> 12
    x ^= x << 25
    x ^= x >> 27
    r.state = x
    return x * 0x2545F4914F6CDD1D
}

fn lcg32(seed: i32, n: int) -> i32 {
    var x = seed
    for _i in 0..n { x = x * 1664525 + 1013904223 }
    return x
}

fn main() {
    println(fnv1a(""), fnv1a("a"), fnv1a("hello world"))
    var r = Rng{state: 88172645463325252}
    for _i in 0..5 { println(r.next()) }
    var buckets: [8]int
    for _i in 0..1000 { buckets[r.next() % 8] += 1 }
    var total = 0
    for b in buckets { total += b }
    println(total)
    println(lcg32(1, 1), lcg32(1, 10), lcg32(-5, 1000))
}
