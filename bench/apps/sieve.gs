// langarena: Etc::Sieve limit iterations
//
// A sieve of Eratosthenes up to `limit` each run, as upstream's: a byte
// per number made and freed each run; the checksum (u32) adds the last
// prime found and the count of primes of every run. One file, no pool,
// and the RNG is not used.
// Usage: sieve limit iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Etc::Sieve: OK in <s>s` or `Etc::Sieve: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "math"

const NAME: string = "Etc::Sieve"

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

var limit: int = 0
var result: u32 = 0

fn prepare() {}

// As upstream's run: a fresh flag per number up to limit (1: prime), the
// multiples of every prime up to sqrt(limit) struck out, then the odd
// numbers counted; adds the last prime and the count of primes.
fn run(_: int) {
    var primes = make([]u8, limit + 1)
    for i in 0..limit + 1 {
        primes[i] = 1
    }
    primes[0] = 0
    primes[1] = 0
    let sqrt_limit = math.sqrt(limit as f64) as int
    for p in 2..sqrt_limit + 1 {
        if primes[p] == 1 {
            var multiple = p * p
            while multiple <= limit {
                primes[multiple] = 0
                multiple += p
            }
        }
    }
    var last_prime = 2
    var count = 1
    var n = 3
    while n <= limit {
        if primes[n] == 1 {
            last_prime = n
            count += 1
        }
        n += 2
    }
    delete(primes)
    result += (last_prime + count) as u32
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: sieve limit iterations expected_checksum")
        return 2
    }
    limit = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    rng_reset()
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
