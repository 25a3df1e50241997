// langarena: CLBG::Mandelbrot w h iterations
//
// Each run renders the Mandelbrot set over [-1.5, 0.5] x [-1, 1] as a
// w x h PBM bitmap (50 steps per point, escape at |z|^2 > 4): a "P4"
// header, then one bit per pixel, rows padded to whole bytes. Every run
// appends its bitmap to one byte slice (grown by push, never cleared, as
// upstream's result buffer); the checksum (u32) is the djb2 hash of all of
// it. No pool, and the RNG is not used.
// Usage: mandelbrot w h iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `CLBG::Mandelbrot: OK in <s>s` or
//   `CLBG::Mandelbrot: ERR[actual=<a>, expected=<e>]` (exit status 1).

const NAME: string = "CLBG::Mandelbrot"

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

// LangArena's byte checksum (djb2: h = h * 33 + b, from 5381).
fn checksum_bytes(data: []u8) -> u32 {
    var h: u32 = 5381
    for b in data {
        h = (h << 5) + h + b as u32
    }
    return h
}

const ITER: int = 50
const LIMIT: f64 = 2.0

var w: int = 0
var h: int = 0
var result: []u8

fn prepare() {
    result.clear()
}

// Appends s's bytes to the result.
fn append_str(s: string) {
    for i in 0..s.len {
        result.push(s[i])
    }
}

// Whether the point (cr, ci) stays within LIMIT for ITER steps.
inline fn inside(cr: f64, ci: f64) -> bool {
    var zr = 0.0
    var zi = 0.0
    var tr = 0.0
    var ti = 0.0
    var i = 0
    while i < ITER && tr + ti <= LIMIT * LIMIT {
        zi = 2.0 * zr * zi + ci
        zr = tr - ti + cr
        tr = zr * zr
        ti = zi * zi
        i += 1
    }
    return tr + ti <= LIMIT * LIMIT
}

// Appends one w x h bitmap: the header, then 8 pixels a byte, the last
// byte of each row shifted left to fill it.
fn run(_: int) {
    let header = format("P4\n{} {}\n", w, h)
    append_str(header)
    delete(header)
    var bit_num = 0
    var byte_acc: u8 = 0
    for y in 0..h {
        let ci = 2.0 * y as f64 / h as f64 - 1.0
        for x in 0..w {
            let cr = 2.0 * x as f64 / w as f64 - 1.5
            byte_acc <<= 1
            if inside(cr, ci) {
                byte_acc |= 0x01
            }
            bit_num += 1
            if bit_num == 8 {
                result.push(byte_acc)
                byte_acc = 0
                bit_num = 0
            } else if x == w - 1 {
                byte_acc <<= 8 - w % 8
                result.push(byte_acc)
                byte_acc = 0
                bit_num = 0
            }
        }
    }
}

fn checksum() -> u32 { return checksum_bytes(result) }

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: mandelbrot w h iterations expected_checksum")
        return 2
    }
    w = arg_int(a, 0)
    h = arg_int(a, 1)
    let iterations = arg_int(a, 2)
    let expected = arg_int(a, 3)
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
