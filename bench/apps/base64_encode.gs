// langarena: Base64::Encode size iterations
//
// `prepare` makes `size` bytes of 'a' and encodes them once (for the
// checksum line); each run encodes them again with
// `encoding.base64_encode` (standard alphabet, padded) and adds the
// encoded length to the total (u32). The checksum is LangArena's string
// hash of "encode <input preview> to <encoded preview>: <total>".
// Upstream encodes with libbase64 into a buffer it mallocs and frees each
// run; here the module returns a new string, deleted each run. The input
// is one plain slice made in `prepare`: one file, no pool, no RNG.
// Usage: base64_encode size iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Base64::Encode: OK in <s>s` or `Base64::Encode: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "encoding"

const NAME: string = "Base64::Encode"

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

// LangArena's checksum of a string: djb2 (h = h * 33 + byte from 5381).
fn checksum_string(s: string) -> u32 {
    var h: u32 = 5381
    for c in s { h = (h << 5) + h + c as u32 }
    return h
}

// Upstream's preview of a text in the checksum line: its first four
// bytes and "..." when it is longer than four, else all of it.
fn preview(s: string) -> string {
    if s.len > 4 { return s[0:4] + "..." }
    return s + ""
}

var size: int = 0
var input: []u8
var encoded: string
var total: u32 = 0

fn prepare() {
    input = make([]u8, size)
    for i in 0..size { input[i] = 'a' }
    encoded = encoding.base64_encode(input)
}

fn run(_: int) {
    let s = encoding.base64_encode(input)
    total += s.len as u32
    delete(s)
}

fn checksum() -> u32 {
    let text = from_bytes(input)
    let line = format("encode {} to {}: {}", preview(text), preview(encoded), total)
    let h = checksum_string(line)
    delete(line)
    delete(text)
    return h
}

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: base64_encode size iterations expected_checksum")
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
