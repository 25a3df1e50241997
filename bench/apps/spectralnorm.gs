// langarena: CLBG::Spectralnorm size iterations
//
// The CLBG spectral norm by the power method: A is the infinite matrix
// a(i, j) = 1 / ((i + j)(i + j + 1) / 2 + i + 1) cut to size x size; each
// run computes v = AtA u and u = AtA v from the previous u. The vectors
// are f64 slices: each product makes a new one (its temporary A u is
// deleted at once) and the run deletes the previous u and v, as upstream
// mallocs and frees. The checksum (u32) is the djb2 hash of
// sqrt(u.v / v.v) printed with 7 decimals. No pool, no RNG.
// Usage: spectralnorm size iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `CLBG::Spectralnorm: OK in <s>s` or
//   `CLBG::Spectralnorm: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "math"

const NAME: string = "CLBG::Spectralnorm"

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

// LangArena's checksum of an f64: djb2 of its "%.7f" text.
fn checksum_f64(v: f64) -> u32 {
    let s = fmt_f64(v, 7)
    var h: u32 = 5381
    for i in 0..s.len {
        h = (h << 5) + h + s[i] as u32
    }
    delete(s)
    return h
}

var size: int = 0
var u: []f64
var v: []f64

fn prepare() {
    u = make([]f64, size)
    v = make([]f64, size)
    for i in 0..size {
        u[i] = 1.0
        v[i] = 1.0
    }
}

// a(i, j), in upstream's operation order (i + j as an integer, then f64).
inline fn eval_a(i: int, j: int) -> f64 {
    let ij = (i + j) as f64
    return 1.0 / (ij * (ij + 1.0) / 2.0 + i as f64 + 1.0)
}

// A x, a new slice.
fn times(x: []f64) -> []f64 {
    let n = x.len
    let r = make([]f64, n)
    for i in 0..n {
        var sum = 0.0
        for j in 0..n {
            sum += eval_a(i, j) * x[j]
        }
        r[i] = sum
    }
    return r
}

// A^T x, a new slice.
fn times_transposed(x: []f64) -> []f64 {
    let n = x.len
    let r = make([]f64, n)
    for i in 0..n {
        var sum = 0.0
        for j in 0..n {
            sum += eval_a(j, i) * x[j]
        }
        r[i] = sum
    }
    return r
}

// A^T A x, a new slice.
fn times_ata(x: []f64) -> []f64 {
    let t = times(x)
    let r = times_transposed(t)
    delete(t)
    return r
}

fn run(_: int) {
    let new_v = times_ata(u)
    let new_u = times_ata(new_v)
    delete(u)
    delete(v)
    u = new_u
    v = new_v
}

fn checksum() -> u32 {
    var vbv = 0.0
    var vv = 0.0
    for i in 0..size {
        vbv += u[i] * v[i]
        vv += v[i] * v[i]
    }
    return checksum_f64(math.sqrt(vbv / vv))
}

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: spectralnorm size iterations expected_checksum")
        return 2
    }
    size = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
