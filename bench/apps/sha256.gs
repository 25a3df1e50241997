// langarena: Hash::SHA256 size iterations
//
// `prepare` fills `size` bytes from LangArena's RNG (next_int(256) each);
// each run adds a 32-bit digest of them to the checksum (u32). Upstream's
// "SHA256" is not SHA-256: it is eight interleaved shift-add-xor hashes
// (byte i goes to lane i % 8) started from SHA-256's initial values; the
// digest is the first lane's bytes read little-endian. So
// `checksum.sha256` (FIPS 180-4) cannot give its checksum and the port
// writes upstream's hash out. The bytes are one plain slice made once in
// `prepare`; the lanes are a fixed array: one file, no pool.
// Usage: sha256 size iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Hash::SHA256: OK in <s>s` or `Hash::SHA256: ERR[actual=<a>, expected=<e>]`
//   (exit status 1).

const NAME: string = "Hash::SHA256"

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

// Upstream's digest of data: the eight lanes, each byte mixed into lane
// i % 8, then lane 0's big-endian bytes read back little-endian.
fn digest(data: []u8) -> u32 {
    var hashes: [8]u32 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    for i, b in data {
        let k = i & 7
        var h = hashes[k]
        h = (h << 5) + h + b as u32
        h = (h + (h << 10)) ^ (h >> 6)
        hashes[k] = h
    }
    var out: [32]u8
    for i in 0..8 {
        out[i * 4] = (hashes[i] >> 24) as u8
        out[i * 4 + 1] = (hashes[i] >> 16) as u8
        out[i * 4 + 2] = (hashes[i] >> 8) as u8
        out[i * 4 + 3] = hashes[i] as u8
    }
    return out[0] as u32 | (out[1] as u32) << 8 | (out[2] as u32) << 16 | (out[3] as u32) << 24
}

fn run(_: int) {
    result += digest(data)
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: sha256 size iterations expected_checksum")
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
    return report(checksum(), expected, t1 - t0)
}
