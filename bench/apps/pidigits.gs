// langarena: CLBG::Pidigits amount iterations
//
// The CLBG pi-digits spigot (Gibbons' unbounded algorithm, in upstream's
// form): each run produces the first `amount` digits of pi as lines of
// ten digits, "3141592653\t:10\n" ..., the last line holding what is left
// (zero-padded to ten, as upstream's). A run's text is appended to one
// text of every run; the checksum (u32) is its djb2 hash.
// The big numbers are `bigint.Int`s updated in place with the set_ forms
// (GMP's mpz_mul_ui and friends in upstream): a product by a small
// integer goes through one scratch Int holding that integer, and
// `z.set_mul(z, small)` scales z in its own storage (a product by one
// limb may be written over its other operand), so a run allocates only
// as its numbers grow. The texts are strings.Builders. No pool, no RNG.
// Usage: pidigits amount iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `CLBG::Pidigits: OK in <s>s` or
//   `CLBG::Pidigits: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "bigint"
import "strings"

const NAME: string = "CLBG::Pidigits"

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

// LangArena's string checksum (djb2: h = h * 33 + b, from 5381).
fn checksum_string(s: string) -> u32 {
    var h: u32 = 5381
    for i in 0..s.len {
        h = (h << 5) + h + s[i] as u32
    }
    return h
}

var amount: int = 0
var result: strings.Builder      // this run's lines
var full_result: strings.Builder // every run's lines

// The spigot's state, kept between runs only for its storage (each run
// starts it afresh).
struct Spigot {
    ns: bigint.Int // the digits of the current line
    a: bigint.Int
    t: bigint.Int
    u: bigint.Int
    n: bigint.Int
    d: bigint.Int
    temp: bigint.Int
    q: bigint.Int
    small: bigint.Int // the small factor of a product (mpz_mul_ui's)
}

var sp: Spigot

// z = x * k for a small k (z is not x).
fn mul_small(z: ref bigint.Int, x: bigint.Int, k: int) {
    sp.small.set_int(k)
    z.set_mul(x, sp.small)
}

// z = z * k, in place.
fn scale(z: ref bigint.Int, k: int) {
    sp.small.set_int(k)
    z.set_mul(z, sp.small)
}

// Appends a line: the digits of ns zero-padded to ten, a tab, a colon,
// the count of digits so far.
fn write_line(ns: bigint.Int, i: int) {
    let digits = ns.to_string(10)
    format_into(result, "{:0>10}\t:{}\n", digits, i)
    delete(digits)
}

fn run(_: int) {
    result.clear()
    var i = 0
    var k = 0
    var k1 = 1
    sp.n.set_int(1)
    sp.d.set_int(1)
    sp.ns.set_int(0)
    sp.a.set_int(0)
    while true {
        k += 1
        mul_small(sp.t, sp.n, 2)
        scale(sp.n, k)
        k1 += 2
        sp.a.set_add(sp.a, sp.t)
        scale(sp.a, k1)
        scale(sp.d, k1)
        if sp.a.cmp(sp.n) >= 0 {
            mul_small(sp.temp, sp.n, 3)
            sp.temp.set_add(sp.temp, sp.a)
            sp.q.set_divmod(sp.u, sp.temp, sp.d)
            sp.u.set_add(sp.u, sp.n)
            if sp.d.cmp(sp.u) > 0 {
                scale(sp.ns, 10)
                sp.ns.set_add(sp.ns, sp.q)
                i += 1
                if i % 10 == 0 {
                    write_line(sp.ns, i)
                    sp.ns.set_int(0)
                }
                if i >= amount {
                    break
                }
                sp.temp.set_mul(sp.d, sp.q)
                sp.a.set_sub(sp.a, sp.temp)
                scale(sp.a, 10)
                scale(sp.n, 10)
            }
        }
    }
    if sp.ns.sign() > 0 {
        write_line(sp.ns, i)
    }
    full_result.write(result.as_string())
}

fn checksum() -> u32 { return checksum_string(full_result.as_string()) }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: pidigits amount iterations expected_checksum")
        return 2
    }
    amount = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
