// langarena: Compress::LZWEncode size iterations
//
// LZW compression of `size` bytes of "ABRACADABRA" repeated. Each run
// starts a dictionary of the 256 one-byte strings and walks the input: when
// cur + b is in the dictionary, cur becomes cur + b; otherwise cur's code
// is emitted (2 bytes), cur + b becomes the next code and cur becomes b; at
// the end cur is emitted. The checksum adds the output's length (2 x the
// number of codes) of every run.
//
// Memory: every string is a span of u8 from a slice pool, as the original
// makes a new string for each cur + b: each input byte allocates the
// candidate there; it becomes cur (the old cur is freed) or a dictionary
// entry (cur is freed and a 1-byte cur allocated). At the end of a run the
// dictionary's spans are freed in code order. The string -> code map is
// this file's own open-addressing table (linear probing, FNV-1a hashes
// extended byte by byte, grown at half full) of codes, compared against the
// pool bytes, so the strings live only in the pool. (map.Map[string, int]
// would keep a heap copy of every key and needs a string, so each lookup
// would first copy the pool bytes with from_bytes.)
// Variant: library pools (`pool.slice_pool`); the _builtin file
// is the same program on the builtin `reusable` pools.
// Usage: lzw_encode_library size iterations expected_checksum
//   Prints `Compress::LZWEncode: OK in <s>s` or
//   `Compress::LZWEncode: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "bytes"
import "pool"

const NAME: string = "Compress::LZWEncode"
const NIL: int = -1 // an empty table slot
const FNV_BASIS: u64 = 14695981039346656037
const FNV_PRIME: u64 = 1099511628211

// LangArena's RNG (unused by this benchmark; kept so every port has the
// same harness).
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln(NAME + ": bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

// Prints the suite line; the exit status.
fn report(sum: u32, expected: int, ns: i64) -> int {
    if sum as int == expected {
        println(NAME + ": OK in " + fmt_f64(ns as f64 / 1e9, 3) + "s")
        return 0
    }
    println(NAME + ": ERR[actual=" + to_string(sum) + ", expected=" + to_string(expected) + "]")
    return 1
}

// FNV-1a of s + b, from the hash h of s.
inline fn fnv_step(h: u64, b: u8) -> u64 {
    return (h ^ b as u64) * FNV_PRIME
}

struct Lzw {
    text: pool.slice_pool[u8]
    data: []u8    // the input
    dict: [][]u8  // code -> its string, a span of text
    hashes: []u64 // code -> FNV-1a of its string
    table: []int  // code or NIL; a power of two, at most half full
    mask: int
    out: []u8 // the encoded output of one run
    result: u32
}

fn (z: ref Lzw) prepare(size: int) {
    let src = "ABRACADABRA"
    z.data = make([]u8, size)
    for i in 0..size {
        z.data[i] = src[i % src.len]
    }
    z.table = make([]int, 1024)
    z.mask = 1023
    for i in 0..z.table.len {
        z.table[i] = NIL
    }
}

// The table slot holding the code of string s (hash h), else the empty
// slot where it belongs.
fn (z: ref Lzw) find(s: []u8, h: u64) -> int {
    var i = (h as int) & z.mask
    while true {
        let code = z.table[i]
        if code == NIL {
            return i
        }
        if z.hashes[code] == h && bytes.equal(z.dict[code], s) {
            return i
        }
        i = (i + 1) & z.mask
    }
}

// Doubles the table and puts every code back.
fn (z: ref Lzw) grow() {
    delete(z.table)
    z.table = make([]int, (z.mask + 1) * 2)
    z.mask = z.table.len - 1
    for i in 0..z.table.len {
        z.table[i] = NIL
    }
    for code in 0..z.dict.len {
        var i = (z.hashes[code] as int) & z.mask
        while z.table[i] != NIL {
            i = (i + 1) & z.mask
        }
        z.table[i] = code
    }
}

// Adds s (a span of text, now the dictionary's; hash h) as the next code
// at the empty table slot `slot` that find returned for it.
fn (z: ref Lzw) add(s: []u8, h: u64, slot: int) {
    z.table[slot] = z.dict.len
    z.dict.push(s)
    z.hashes.push(h)
    if z.dict.len * 2 > z.table.len {
        z.grow()
    }
}

fn (z: ref Lzw) emit(code: int) {
    z.out.push((code >> 8) as u8)
    z.out.push(code as u8)
}

// A new one-byte span holding b.
fn (z: ref Lzw) single(b: u8) -> []u8 {
    let s = z.text.alloc_slice(1)
    s[0] = b
    return s
}

fn (z: ref Lzw) run(_: int) {
    for b in 0..256 {
        let s = z.single(b as u8)
        let h = fnv_step(FNV_BASIS, b as u8)
        z.add(s, h, z.find(s, h))
    }
    z.out.clear()
    var cur: []u8 // empty: no span
    var cur_h = FNV_BASIS
    var cur_code = NIL
    for b in z.data {
        let cand = z.text.alloc_slice(cur.len + 1)
        copy_into(cand[0:cur.len], cur)
        cand[cur.len] = b
        let h = fnv_step(cur_h, b)
        let slot = z.find(cand, h)
        z.text.free(cur)
        if z.table[slot] != NIL {
            cur = cand
            cur_h = h
            cur_code = z.table[slot]
        } else {
            z.emit(cur_code)
            z.add(cand, h, slot)
            cur = z.single(b)
            cur_h = fnv_step(FNV_BASIS, b)
            cur_code = b as int
        }
    }
    if cur.len > 0 {
        z.emit(cur_code)
    }
    z.text.free(cur)
    for s in z.dict {
        z.text.free(s)
    }
    z.dict.clear()
    z.hashes.clear()
    for i in 0..z.table.len {
        z.table[i] = NIL
    }
    z.result += z.out.len as u32
}

fn (z: ref Lzw) checksum() -> u32 { return z.result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: lzw_encode size iterations expected_checksum")
        return 2
    }
    let size = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    if size < 0 || iterations < 0 {
        eprintln(NAME + ": size and iterations must be >= 0")
        return 2
    }
    var z = Lzw{}
    rng_reset()
    z.prepare(size)
    for i in 0..max(1, iterations * 2 / 10) { z.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { z.run(i) }
    let t1 = clock_ns()
    return report(z.checksum(), expected, t1 - t0)
}
