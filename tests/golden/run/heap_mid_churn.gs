// The heap while it is small: 1-2 KiB blocks past their class's first
// slab page are page runs, 2-4 KiB blocks are runs, and when the last run
// is freed the run region's pages go back to the OS. Through all of it
// every slice keeps its bytes, a new slice is zero, push grows a run, and
// delete takes each block back exactly once.

var rng: u64 = 0x2545F4914F6CDD1D

fn next() -> u64 {
    rng ^= rng << 13
    rng ^= rng >> 7
    rng ^= rng << 17
    return rng
}

// Every byte of s is zero.
fn zero(s: []u8) -> bool {
    for b in s {
        if b != 0 { return false }
    }
    return true
}

// s holds its own tag (its length, low byte) everywhere.
fn tagged(s: []u8) -> bool {
    let t = (s.len & 255) as u8
    for b in s {
        if b != t { return false }
    }
    return true
}

fn fresh(n: int) -> []u8 {
    var s = make([]u8, n)
    if !zero(s) { println("not zero:", n) }
    for i in 0..n { s[i] = (n & 255) as u8 }
    return s
}

const N: int = 128

// A global fixed array, so the ring itself is no heap block: when its
// slices are deleted, no run is left.
var ring: [128][]u8

fn main() {
    for i in 0..N { ring[i] = fresh(1025 + (i * 67) % 3000) }
    var bad = 0
    var sum: u64 = 0
    for step in 0..4000 {
        let k = (next() % (N as u64)) as int
        if !tagged(ring[k]) { bad += 1 }
        sum += ring[k].len as u64
        delete(ring[k])
        ring[k] = fresh(1025 + (next() % 3000) as int)
        if step % 500 == 0 {
            // a run grown by push keeps its bytes
            var g = fresh(1100)
            for _ in 0..2000 { g.push((g.len & 255) as u8) }
            for i in 1100..g.len {
                if g[i] != (i & 255) as u8 { bad += 1 }
            }
            delete(g)
        }
    }
    for i in 0..N {
        if !tagged(ring[i]) { bad += 1 }
        delete(ring[i])
    }
    // everything freed: the pages went back; new slices are zero again
    for i in 0..N { ring[i] = fresh(1025 + i * 61) }
    for i in 0..N {
        if !tagged(ring[i]) { bad += 1 }
        delete(ring[i])
    }
    println("bad", bad, "sum", sum)
}
