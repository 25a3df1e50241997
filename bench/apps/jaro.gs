// langarena: Distance::Jaro count size iterations
//
// `prepare` draws `count` pairs of strings over 'a'..'j' (each 4 to
// size+3 bytes long); each run adds (u32)(1000 * the Jaro similarity) of
// every pair to the checksum (u32). The strings are made once; the two
// match-flag arrays are plain slices made once at the longest string's
// length and cleared for each pair (upstream callocs them per pair).
// One file, no pool.
// Usage: jaro count size iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Distance::Jaro: OK in <s>s` or
//   `Distance::Jaro: ERR[actual=<a>, expected=<e>]` (exit status 1).

const NAME: string = "Distance::Jaro"

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
var m1: []bool
var m2: []bool
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
    var longest = 0
    for i in 0..count {
        let len1 = next_int(size) + 4
        let len2 = next_int(size) + 4
        s1s[i] = random_string(len1)
        s2s[i] = random_string(len2)
        longest = max(longest, max(len1, len2))
    }
    m1 = make([]bool, longest)
    m2 = make([]bool, longest)
}

// The Jaro similarity of s1 and s2.
fn jaro(s1: string, s2: string) -> f64 {
    let len1 = s1.len
    let len2 = s2.len
    if len1 == 0 || len2 == 0 {
        return 0.0
    }
    let match_dist = max(0, max(len1, len2) / 2 - 1)
    let f1 = m1[0:len1]
    let f2 = m2[0:len2]
    defaults(f1)
    defaults(f2)
    var matches = 0
    for i in 0..len1 {
        let start = max(0, i - match_dist)
        let end = min(len2 - 1, i + match_dist)
        var j = start
        while j <= end {
            if !f2[j] && s1[i] == s2[j] {
                f1[i] = true
                f2[j] = true
                matches += 1
                break
            }
            j += 1
        }
    }
    if matches == 0 {
        return 0.0
    }
    var transpositions = 0
    var k = 0
    for i in 0..len1 {
        if f1[i] {
            while k < len2 && !f2[k] { k += 1 }
            if k < len2 {
                if s1[i] != s2[k] { transpositions += 1 }
                k += 1
            }
        }
    }
    transpositions /= 2
    let m = matches as f64
    return (m / len1 as f64 + m / len2 as f64 + (m - transpositions as f64) / m) / 3.0
}

fn run(_: int) {
    for i in 0..count {
        result += (jaro(s1s[i], s2s[i]) * 1000.0) as u32
    }
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: jaro count size iterations expected_checksum")
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
