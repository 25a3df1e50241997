// langarena: Compress::LZWDecode size iterations
//
// LZW decompression of `size` bytes of "ABRACADABRA" repeated, encoded
// once in `prepare` by Compress::LZWEncode's coder (2 bytes per code, high
// byte first). Each run starts a dictionary of the 256 one-byte strings,
// outputs the first code's string, then for each further code: a code in
// the dictionary gives its string; the next code to be made (the KwKwK
// case) gives old + old[0], which becomes that code; any other code stops
// the run (no output). The string is appended to the output, and
// otherwise old + string[0] becomes the next code; old becomes the code.
// The checksum adds the decoded length of every run, plus 100000 when the
// last run's output equals the input.
//
// Memory: every string is a span of u8 from a slice pool, as the original
// makes a new string for each dictionary entry: each code allocates one
// (the KwKwK string or old + string[0]); the 256 one-byte strings are
// allocated at the start of each run, and at its end every dictionary
// span is freed in code order. The output is one plain []u8 kept between
// runs, doubled (a new slice, the bytes copied) when a string would reach
// its end, as the original's realloc (which starts each run from twice
// the encoded length). The encoder is lzw_encode's, run once: its own
// spans and table of codes, on the same pool.
// Variant: library pools (`pool.slice_pool`); the _builtin file
// is the same program on the builtin `reusable` pools.
// Usage: lzw_decode_library size iterations expected_checksum
//   Prints `Compress::LZWDecode: OK in <s>s` or
//   `Compress::LZWDecode: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "bytes"
import "pool"

const NAME: string = "Compress::LZWDecode"

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
    out: []u8        // the encoded input of the decoder
    decoded: []u8    // the decoder's output: its first decoded_len bytes
    decoded_len: int // -1: the last run stopped at a bad code
    result: u32
}

// The input and the encoder's table.
fn (z: ref Lzw) make_data(size: int) {
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

// Encodes data into out (lzw_encode's run).
fn (z: ref Lzw) encode() {
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
}

// Appends s to the decoded output, doubling the output while s would
// reach its end.
fn (z: ref Lzw) append(s: []u8) {
    let n = z.decoded_len
    if n + s.len >= z.decoded.len {
        var cap = z.decoded.len
        while n + s.len >= cap {
            cap *= 2
        }
        let bigger = make([]u8, cap)
        copy_into(bigger[0:n], z.decoded[0:n])
        delete(z.decoded)
        z.decoded = bigger
    }
    copy_into(z.decoded[n:n + s.len], s)
    z.decoded_len = n + s.len
}

// A new span holding s + b.
fn (z: ref Lzw) extend(s: []u8, b: u8) -> []u8 {
    let e = z.text.alloc_slice(s.len + 1)
    copy_into(e[0:s.len], s)
    e[s.len] = b
    return e
}

// The code at byte offset pos of out.
inline fn (z: ref Lzw) code_at(pos: int) -> int {
    return (z.out[pos] as int << 8) | z.out[pos + 1] as int
}

// Decodes out into decoded; false at a bad code.
fn (z: ref Lzw) decode_codes() -> bool {
    var old = z.code_at(0)
    if old >= z.dict.len {
        return false
    }
    z.append(z.dict[old])
    var next_code = 256
    var pos = 2
    while pos + 1 < z.out.len {
        let code = z.code_at(pos)
        pos += 2
        var s: []u8
        if code < z.dict.len {
            s = z.dict[code]
        } else if code == next_code {
            s = z.extend(z.dict[old], z.dict[old][0])
        } else {
            return false
        }
        z.append(s)
        if code == next_code {
            z.dict.push(s)
        } else {
            z.dict.push(z.extend(z.dict[old], s[0]))
        }
        next_code += 1
        old = code
    }
    return true
}

fn (z: ref Lzw) decode() {
    z.decoded_len = 0
    for b in 0..256 {
        z.dict.push(z.single(b as u8))
    }
    if !z.decode_codes() {
        z.decoded_len = -1
    }
    for s in z.dict {
        z.text.free(s)
    }
    z.dict.clear()
}

// The input, encoded once; the decoder's output of twice the encoded
// length.
fn (z: ref Lzw) prepare(size: int) {
    z.make_data(size)
    z.encode()
    z.decoded = make([]u8, max(1, z.out.len * 2))
    z.decoded_len = -1
}

fn (z: ref Lzw) run(_: int) {
    if z.out.len < 2 {
        return
    }
    z.decode()
    if z.decoded_len >= 0 {
        z.result += z.decoded_len as u32
    }
}

// The result, plus 100000 when the last output is the input.
fn (z: ref Lzw) checksum() -> u32 {
    if z.decoded_len == z.data.len && bytes.equal(z.decoded[0:z.decoded_len], z.data) {
        return z.result + 100000
    }
    return z.result
}

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: lzw_decode size iterations expected_checksum")
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
