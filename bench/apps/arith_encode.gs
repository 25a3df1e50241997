// langarena: Compress::ArithEncode size iterations
//
// Arithmetic coding of `size` bytes of "ABRACADABRA" repeated (1000 when
// size is 0). Each run counts the bytes' frequencies, makes the cumulative
// table (low[b], high[b], total), then narrows a 32-bit interval [low,
// high] (u64 arithmetic) per byte, writing a bit and any pending opposite
// bits whenever both ends share their top bit and counting a pending bit
// when the interval straddles the middle half (E1/E2/E3 scaling). At the
// end one more pending bit and a closing bit go out, and the last byte is
// padded with zeros. The checksum adds the encoded length in bytes of
// every run.
//
// Memory: the bit stream writes into one plain []u8 kept between runs
// (cleared per run); the original grows a fresh buffer from 1024 bytes
// per run and copies it to an exact-size result, which this port has no
// use for (only the length is kept). The input is made once.
// Usage: arith_encode size iterations expected_checksum
//   Prints `Compress::ArithEncode: OK in <s>s` or
//   `Compress::ArithEncode: ERR[actual=<a>, expected=<e>]` (exit status 1).

const NAME: string = "Compress::ArithEncode"

const HALF: u64 = 0x80000000
const QUARTER: u64 = 0x40000000
const THREE_QUARTERS: u64 = 0xC0000000
const MASK32: u64 = 0xFFFFFFFF

// LangArena's RNG (unused by this benchmark; kept so every port has the
// same harness).
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

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

// A stream of bits, most significant first within each byte.
struct BitOutput {
    buffer: i32
    bit_pos: i32
    bytes: []u8
    bits_written: i32
}

fn (o: ref BitOutput) reset() {
    o.buffer = 0
    o.bit_pos = 0
    o.bytes.clear()
    o.bits_written = 0
}

inline fn (o: ref BitOutput) write_bit(bit: i32) {
    o.buffer = (o.buffer << 1) | (bit & 1)
    o.bit_pos += 1
    o.bits_written += 1
    if o.bit_pos == 8 {
        o.bytes.push(o.buffer as u8)
        o.buffer = 0
        o.bit_pos = 0
    }
}

// A bit, then `pending` copies of its opposite.
inline fn (o: ref BitOutput) write_with_pending(bit: i32, pending: int) {
    o.write_bit(bit)
    for _ in 0..pending {
        o.write_bit(1 - bit)
    }
}

// Pads the last byte with zeros.
fn (o: ref BitOutput) flush() {
    if o.bit_pos > 0 {
        o.buffer = o.buffer << (8 - o.bit_pos)
        o.bytes.push(o.buffer as u8)
        o.buffer = 0
        o.bit_pos = 0
    }
}

struct Encoder {
    data: []u8
    out: BitOutput
    result: u32
}

fn (e: ref Encoder) prepare(size: int) {
    let src = "ABRACADABRA"
    e.data = make([]u8, size)
    for i in 0..size {
        e.data[i] = src[i % src.len]
    }
}

// Encodes `data` into `out`.
fn (e: ref Encoder) encode() {
    var freq: [256]i32
    for b in e.data {
        freq[b] += 1
    }
    var lo_t: [256]i32
    var hi_t: [256]i32
    var cum: i32 = 0
    for i in 0..256 {
        lo_t[i] = cum
        cum += freq[i]
        hi_t[i] = cum
    }
    let total = cum as u64
    var low: u64 = 0
    var high: u64 = MASK32
    var pending = 0
    e.out.reset()
    for b in e.data {
        let range = high - low + 1
        high = low + range * hi_t[b] as u64 / total - 1
        low = low + range * lo_t[b] as u64 / total
        while true {
            if high < HALF {
                e.out.write_with_pending(0, pending)
                pending = 0
            } else if low >= HALF {
                e.out.write_with_pending(1, pending)
                pending = 0
                low -= HALF
                high -= HALF
            } else if low >= QUARTER && high < THREE_QUARTERS {
                pending += 1
                low -= QUARTER
                high -= QUARTER
            } else {
                break
            }
            low = low << 1
            high = ((high << 1) | 1) & MASK32
        }
    }
    pending += 1
    if low < QUARTER {
        e.out.write_with_pending(0, pending)
    } else {
        e.out.write_with_pending(1, pending)
    }
    e.out.flush()
}

fn (e: ref Encoder) run(_: int) {
    if e.data.len == 0 {
        return
    }
    e.encode()
    e.result += e.out.bytes.len as u32
}

fn (e: ref Encoder) checksum() -> u32 { return e.result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: arith_encode size iterations expected_checksum")
        return 2
    }
    var size = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    if size < 0 || iterations < 0 {
        eprintln(NAME + ": size and iterations must be >= 0")
        return 2
    }
    if size == 0 {
        size = 1000
    }
    var e = Encoder{}
    rng_reset()
    e.prepare(size)
    for i in 0..max(1, iterations * 2 / 10) { e.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { e.run(i) }
    let t1 = clock_ns()
    return report(e.checksum(), expected, t1 - t0)
}
