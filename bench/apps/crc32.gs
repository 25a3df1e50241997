// langarena: Hash::CRC32 size iterations
//
// `prepare` fills `size` bytes from LangArena's RNG (next_int(256) each);
// each run adds their CRC-32 (IEEE, as zlib's crc32()) to the checksum
// (u32). Upstream computes it bit by bit; here `checksum.crc32` does the
// same job (the same value, by zlib's table method). The bytes are one
// plain slice made once in `prepare`: one file, no pool. LangArena's
// `checksum` step is `check_sum` here (the module owns the name).
// Usage: crc32 size iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Hash::CRC32: OK in <s>s` or `Hash::CRC32: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

import "checksum"

const NAME: string = "Hash::CRC32"

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

var size: int = 0
var data: []u8
var result: u32 = 0

fn prepare() {
    data = make([]u8, size)
    for i in 0..size { data[i] = next_int(256) as u8 }
}

fn run(_: int) {
    result += checksum.crc32(data)
}

fn check_sum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: crc32 size iterations expected_checksum")
        return 2
    }
    size = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    rng_reset()
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(check_sum(), expected, t1 - t0)
}
