// langarena: Compress::BWTDecode size iterations
//
// Inverse Burrows-Wheeler transform. `prepare` makes `size` bytes of
// "ABRACADABRA" repeated and their BWT, computed as Compress::BWTEncode
// does (bwt_encode_builtin.gs: a suffix array of the rotations by prefix
// doubling with radix-sorted rank pairs). Each run inverts it: a counting
// pass over the transform gives each byte's first row, a second pass the
// `next` row of every row (the LF mapping), and walking `next` from the
// original index rebuilds the input. The checksum adds the length of every
// run's output (u32), plus 100000 when the last output equals the input.
//
// Memory: every array is a span of a slice pool, one pool per element
// type, allocated and freed where LangArena's C mallocs and frees them
// (the transform's arrays as in bwt_encode; per run the `next` rows,
// freed by the run, and the output, freed by the next run; the last one
// is kept for the checksum). The widths are the C's: positions `int`
// (size_t), ranks and counts `i32`.
// Variant: builtin pools (`reusable[] T`); the _library file is the same
// program on pool.slice_pool.
// Usage: bwt_decode_builtin size iterations expected_checksum
//   Prints `Compress::BWTDecode: OK in <s>s` or
//   `Compress::BWTDecode: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "bytes"

const NAME: string = "Compress::BWTDecode"

// LangArena's RNG (unused by this benchmark; every port has it).
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

// A position's sort key in a doubling round: its rank and the rank k on.
struct Pair {
    first: i32
    second: i32
}

// The transform: out (a span of byte_spans) and the row of rotation 0.
struct Bwt {
    out: []u8
    idx: int
}

var byte_spans: reusable[] u8
var int_spans: reusable[] int
var i32_spans: reusable[] i32
var pair_spans: reusable[] Pair

// "ABRACADABRA" repeated to size bytes.
fn test_data(size: int) -> []u8 {
    let src = "ABRACADABRA"
    var d = make([]u8, size)
    for i in 0..size {
        d[i] = src[i % src.len]
    }
    return d
}

// Sorts sa (the positions 0..n-1) by their byte, a stable bucket sort
// through temp.
fn bucket_sort(input: []u8, sa: []int, temp: []int) {
    var counts: [256]int
    for i in 0..sa.len {
        counts[input[sa[i]]] += 1
    }
    var starts: [256]int
    var sum = 0
    for c in 0..256 {
        starts[c] = sum
        sum += counts[c]
    }
    for i in 0..sa.len {
        let c = input[sa[i]]
        temp[starts[c]] = sa[i]
        starts[c] += 1
    }
    copy_into(sa, temp)
}

// The first ranks, by byte, of the positions in sa (sorted by byte).
fn first_ranks(input: []u8, sa: []int) -> []i32 {
    let rank = i32_spans.alloc(sa.len)
    var cur: i32 = 0
    var prev = input[sa[0]]
    for i in 0..sa.len {
        let idx = sa[i]
        let c = input[idx]
        if c != prev {
            cur += 1
            prev = c
        }
        rank[idx] = cur
    }
    return rank
}

// Stable counting sort of sa by the pairs' second keys (count: n + 1
// zeroed counters).
fn sort_by_second(sa: []int, temp: []int, pairs: []Pair, count: []i32) {
    let n = sa.len
    for i in 0..n {
        count[pairs[sa[i]].second] += 1
    }
    for i in 1..count.len {
        count[i] += count[i - 1]
    }
    copy_into(temp, sa)
    var i = temp.len - 1
    while i >= 0 {
        let t = temp[i]
        let key = pairs[t].second
        let at = count[key] - 1
        count[key] = at
        sa[at] = t
        i -= 1
    }
}

// The same by the first keys.
fn sort_by_first(sa: []int, temp: []int, pairs: []Pair, count: []i32) {
    let n = sa.len
    for i in 0..n {
        count[pairs[sa[i]].first] += 1
    }
    for i in 1..count.len {
        count[i] += count[i - 1]
    }
    copy_into(temp, sa)
    var i = temp.len - 1
    while i >= 0 {
        let t = temp[i]
        let key = pairs[t].first
        let at = count[key] - 1
        count[key] = at
        sa[at] = t
        i -= 1
    }
}

// The ranks of the positions in sa (sorted by pair): equal pairs share one.
fn next_ranks(sa: []int, pairs: []Pair) -> []i32 {
    let n = sa.len
    let new_rank = i32_spans.alloc(n)
    new_rank[sa[0]] = 0
    for i in 1..sa.len {
        let p = pairs[sa[i - 1]]
        let q = pairs[sa[i]]
        var step: i32 = 0
        if p.first != q.first || p.second != q.second {
            step = 1
        }
        new_rank[sa[i]] = new_rank[sa[i - 1]] + step
    }
    return new_rank
}

// One doubling round at distance k: sorts sa by (rank[i], rank[i + k]);
// the new ranks (rank is freed).
fn double_round(sa: []int, temp: []int, rank: []i32, k: int) -> []i32 {
    let n = sa.len
    let pairs = pair_spans.alloc(n)
    for i in 0..n {
        pairs[i] = Pair{first: rank[i], second: rank[(i + k) % n]}
    }
    let count = i32_spans.alloc(n + 1)
    sort_by_second(sa, temp, pairs, count)
    defaults(count)
    sort_by_first(sa, temp, pairs, count)
    let new_rank = next_ranks(sa, pairs)
    i32_spans.free(count)
    pair_spans.free(pairs)
    i32_spans.free(rank)
    return new_rank
}

// The suffix array of input's rotations by prefix doubling.
fn sort_rotations(input: []u8, sa: []int, temp: []int) {
    for i in 0..sa.len {
        sa[i] = i
    }
    bucket_sort(input, sa, temp)
    let n = sa.len
    if n > 1 {
        var rank = first_ranks(input, sa)
        var k = 1
        while k < n {
            rank = double_round(sa, temp, rank, k)
            k *= 2
        }
        i32_spans.free(rank)
    }
}

// The BWT of input; its out is the caller's to free.
fn transform(input: []u8) -> Bwt {
    let n = input.len
    if n == 0 {
        return Bwt{}
    }
    let doubled = byte_spans.alloc(n * 2)
    copy_into(doubled[0:n], input)
    copy_into(doubled[n:n * 2], input)
    let sa = int_spans.alloc(n)
    let temp = int_spans.alloc(n)
    sort_rotations(input, sa, temp)
    var r = Bwt{out: byte_spans.alloc(n), idx: 0}
    for i in 0..n {
        let suffix = sa[i]
        if suffix == 0 {
            r.out[i] = input[n - 1]
            r.idx = i
        } else {
            r.out[i] = input[suffix - 1]
        }
    }
    byte_spans.free(doubled)
    int_spans.free(sa)
    int_spans.free(temp)
    return r
}

// The input of bwt (a BWT with its out non-empty): a new span of
// byte_spans, the caller's to free.
fn inverse(bwt: Bwt) -> []u8 {
    let b = bwt.out
    let n = b.len
    var counts: [256]i32
    for c in b {
        counts[c] += 1
    }
    var positions: [256]i32
    var total: i32 = 0
    for c in 0..256 {
        positions[c] = total
        total += counts[c]
    }
    let next = int_spans.alloc(n)
    var seen: [256]i32
    for i in 0..n {
        let c = b[i]
        next[positions[c] + seen[c]] = i
        seen[c] += 1
    }
    let out = byte_spans.alloc(n)
    var idx = bwt.idx
    for i in 0..n {
        idx = next[idx]
        out[i] = b[idx]
    }
    int_spans.free(next)
    return out
}

var data: []u8
var encoded: Bwt
var inverted: []u8 // the last run's output (a span), or empty
var result: u32 = 0

fn prepare(size: int) {
    data = test_data(size)
    encoded = transform(data)
}

fn run(_: int) {
    byte_spans.free(inverted)
    inverted = []u8{}
    if encoded.out.len > 0 {
        inverted = inverse(encoded)
        result += inverted.len as u32
    }
}

fn checksum() -> u32 {
    var r = result
    if inverted.len > 0 && bytes.equal(inverted, data) {
        r += 100000
    }
    return r
}

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: bwt_decode size iterations expected_checksum")
        return 2
    }
    let size = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    if size < 0 || iterations < 0 {
        eprintln(NAME + ": size and iterations must be >= 0")
        return 2
    }
    rng_reset()
    prepare(size)
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
