// langarena: CLBG::Fannkuchredux n iterations
//
// The CLBG fannkuch-redux: every permutation of 0..n-1 in the order of
// the counting rotations, each flipped (its first k + 1 elements
// reversed, k the first element) until 0 comes first; each run computes
// the alternating sum of the flip counts and the largest count, and adds
// sum * 100 + max to the checksum (u32). The permutations are fixed
// arrays of i32 (upstream's int[32]) on the stack: no heap, no pool, no
// RNG.
// Usage: fannkuchredux n iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `CLBG::Fannkuchredux: OK in <s>s` or
//   `CLBG::Fannkuchredux: ERR[actual=<a>, expected=<e>]` (exit status 1).

const NAME: string = "CLBG::Fannkuchredux"

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

var n: int = 0
var result: u32 = 0

// The flips that bring 0 to the front of perm (which it reverses).
inline fn count_flips(perm: ref [32]i32) -> i32 {
    var flips: i32 = 0
    var k = perm[0]
    while k != 0 {
        let k2 = (k + 1) >> 1
        for i in 0..k2 {
            let j = k - i as i32
            let t = perm[i]
            perm[i] = perm[j]
            perm[j] = t
        }
        flips += 1
        k = perm[0]
    }
    return flips
}

// The checksum (the flip counts, added for even permutations and
// subtracted for odd ones) and the largest flip count over every
// permutation of 0..n-1 (n at most 32).
fn fannkuch(n_in: int) -> (i32, i32) {
    let n = min(n_in, 32)
    var perm1: [32]i32
    var perm: [32]i32
    var count: [32]i32
    for i in 0..n {
        perm1[i] = i as i32
    }
    var max_flips: i32 = 0
    var checksum: i32 = 0
    var perm_count = 0
    var r = n
    while true {
        while r > 1 {
            count[r - 1] = r as i32
            r -= 1
        }
        perm = perm1 // upstream copies n elements; the rest are unused
        let flips = count_flips(perm)
        if flips > max_flips {
            max_flips = flips
        }
        checksum += if_even(perm_count, flips)
        // The next permutation: rotate the first r + 1 elements left,
        // carrying to a longer rotation when count[r] runs out.
        while true {
            if r == n {
                return (checksum, max_flips)
            }
            let perm0 = perm1[0]
            for i in 0..r {
                perm1[i] = perm1[i + 1]
            }
            perm1[r] = perm0
            count[r] -= 1
            if count[r] > 0 {
                break
            }
            r += 1
        }
        perm_count += 1
    }
}

// flips for an even permutation count, -flips for an odd one.
inline fn if_even(perm_count: int, flips: i32) -> i32 {
    if perm_count % 2 == 0 {
        return flips
    }
    return -flips
}

fn run(_: int) {
    let (checksum, max_flips) = fannkuch(n)
    result += (checksum * 100 + max_flips) as u32
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: fannkuchredux n iterations expected_checksum")
        return 2
    }
    n = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
