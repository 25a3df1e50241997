// langarena: Distance::NGram count size iterations
//
// `prepare` draws `count` pairs of strings over 'a'..'j' (each 4 to
// size+3 bytes long); each run adds (u32)(1000 * the 4-gram similarity)
// of every pair to the checksum (u32): the 4-grams of s2 that s1 has at
// least as often (counted as they come), over the number of distinct
// 4-grams of both. The 4-grams (a u32 of four bytes, big-endian as
// upstream) are counted in two `map.Map[u32, i32]` made once and cleared
// for each pair (upstream builds and frees two uthash tables per pair).
// One file, no pool.
// Usage: ngram count size iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Distance::NGram: OK in <s>s` or
//   `Distance::NGram: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "map"

const NAME: string = "Distance::NGram"

// LangArena's RNG: next_int(max) = (last * max) / 139968 after the update.
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn next_int(max: int) -> int {
    rng_last = (rng_last * 3877 + 29573) % 139968
    return rng_last * max / 139968
}

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

var count: int = 0
var size: int = 0
var s1s: []string
var s2s: []string
var grams1 = map.Map[u32, i32]{}
var grams2 = map.Map[u32, i32]{}
var result: u32 = 0

// n random letters 'a'..'j'.
fn random_string(n: int) -> string {
    var b = make([]u8, n)
    defer delete(b)
    for j in 0..n {
        b[j] = ('a' as int + next_int(10)) as u8
    }
    return from_bytes(b)
}

// upstream's generate_pair_strings: both lengths are drawn first.
fn prepare() {
    s1s = make([]string, count)
    s2s = make([]string, count)
    for i in 0..count {
        let len1 = next_int(size) + 4
        let len2 = next_int(size) + 4
        s1s[i] = random_string(len1)
        s2s[i] = random_string(len2)
    }
}

// The 4-gram at s[i..i+4] as one u32, s[i] in the top byte.
inline fn gram_at(s: string, i: int) -> u32 {
    return (s[i] as u32 << 24) | (s[i + 1] as u32 << 16) | (s[i + 2] as u32 << 8) | s[i + 3] as u32
}

// Adds one to g's count in m; the new count.
inline fn bump(m: ref map.Map[u32, i32], g: u32) -> i32 {
    if m.has(g) {
        let c = m.get_ref(g)
        c += 1
        return c
    }
    m.put(g, 1)
    return 1
}

fn ngram(s1: string, s2: string) -> f64 {
    if s1.len < 4 || s2.len < 4 {
        return 0.0
    }
    grams1.clear()
    grams2.clear()
    for i in 0..s1.len - 3 {
        bump(grams1, gram_at(s1, i))
    }
    var intersection = 0
    for i in 0..s2.len - 3 {
        let g = gram_at(s2, i)
        let c2 = bump(grams2, g)
        let c1 = grams1.get(g)
        if c1 != none && c2 <= c1.unwrap() {
            intersection += 1
        }
    }
    let total = grams1.len + grams2.len
    if total > 0 {
        return intersection as f64 / total as f64
    }
    return 0.0
}

fn run(_: int) {
    for i in 0..count {
        result += (ngram(s1s[i], s2s[i]) * 1000.0) as u32
    }
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: ngram count size iterations expected_checksum")
        return 2
    }
    count = arg_int(a, 0)
    size = arg_int(a, 1)
    let iterations = arg_int(a, 2)
    let expected = arg_int(a, 3)
    rng_reset()
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
