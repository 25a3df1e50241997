// langarena: Compress::ArithDecode size iterations
//
// Arithmetic decoding of `size` bytes of "ABRACADABRA" repeated (1000 when
// size is 0), encoded once in `prepare` by Compress::ArithEncode's coder
// (the frequencies travel with the bits). Each run rebuilds the cumulative
// table from the frequencies, reads the first 32 bits, then for each of
// the `total` symbols scales (value - low + 1) * total - 1 by the range,
// finds the symbol by a linear search of the high ends, narrows [low,
// high] as the encoder did and shifts in a bit per scaling step (bits past
// the end read as 0). The checksum adds the decoded length of every run,
// plus 100000 when the last run's output equals the input.
//
// Memory: the encoded bytes, the input and the decoded output are plain
// slices made in `prepare`; each run overwrites the output (the original
// allocates a fresh one per run and frees the previous one).
// Usage: arith_decode size iterations expected_checksum
//   Prints `Compress::ArithDecode: OK in <s>s` or
//   `Compress::ArithDecode: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "bytes"

const NAME: string = "Compress::ArithDecode"

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

// Compress::ArithEncode's coder, as in arith_encode.gs, keeping the
// frequencies for the decoder.
struct Encoder {
    data: []u8
    out: BitOutput
    freq: [256]i32 // the byte frequencies the bits were coded with
}

fn (e: ref Encoder) make_data(size: int) {
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
    e.freq = freq
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

// A stream of bits, most significant first within each byte; 0 past the
// end.
struct BitInput {
    bytes: []u8
    byte_pos: int
    bit_pos: i32
    current: u8
}

fn (r: ref BitInput) init(b: []u8) {
    r.bytes = b
    r.byte_pos = 0
    r.bit_pos = 0
    r.current = 0
    if b.len > 0 {
        r.current = b[0]
    }
}

inline fn (r: ref BitInput) read_bit() -> u64 {
    if r.bit_pos == 8 {
        r.byte_pos += 1
        r.bit_pos = 0
        r.current = 0
        if r.byte_pos < r.bytes.len {
            r.current = r.bytes[r.byte_pos]
        }
    }
    let bit = (r.current >> (7 - r.bit_pos) as u8) & 1
    r.bit_pos += 1
    return bit as u64
}

struct Decoder {
    enc: Encoder // the input and its encoding
    decoded: []u8
    result: u32
}

fn (d: ref Decoder) prepare(size: int) {
    d.enc.make_data(size)
    d.enc.encode()
    d.decoded = make([]u8, size)
}

// Decodes the encoder's bits into `decoded`; its length (the frequencies'
// total).
fn (d: ref Decoder) decode() -> int {
    var lo_t: [256]i32
    var hi_t: [256]i32
    var cum: i32 = 0
    for i in 0..256 {
        lo_t[i] = cum
        cum += d.enc.freq[i]
        hi_t[i] = cum
    }
    let total = cum as u64
    let n = cum as int
    var input = BitInput{}
    input.init(d.enc.out.bytes)
    var value: u64 = 0
    for _ in 0..32 {
        value = (value << 1) | input.read_bit()
    }
    var low: u64 = 0
    var high: u64 = MASK32
    for j in 0..n {
        let range = high - low + 1
        let scaled = ((value - low + 1) * total - 1) / range
        var symbol = 0
        while symbol < 255 && hi_t[symbol] as u64 <= scaled {
            symbol += 1
        }
        d.decoded[j] = symbol as u8
        high = low + range * hi_t[symbol] as u64 / total - 1
        low = low + range * lo_t[symbol] as u64 / total
        while true {
            if high < HALF {
                // nothing to take off
            } else if low >= HALF {
                value -= HALF
                low -= HALF
                high -= HALF
            } else if low >= QUARTER && high < THREE_QUARTERS {
                value -= QUARTER
                low -= QUARTER
                high -= QUARTER
            } else {
                break
            }
            low = low << 1
            high = (high << 1) | 1
            value = (value << 1) | input.read_bit()
        }
    }
    return n
}

fn (d: ref Decoder) run(_: int) {
    if d.enc.out.bytes.len == 0 {
        return
    }
    d.result += d.decode() as u32
}

// The result, plus 100000 when the output is the input.
fn (d: ref Decoder) checksum() -> u32 {
    if bytes.equal(d.decoded, d.enc.data) {
        return d.result + 100000
    }
    return d.result
}

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: arith_decode size iterations expected_checksum")
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
    var d = Decoder{}
    rng_reset()
    d.prepare(size)
    for i in 0..max(1, iterations * 2 / 10) { d.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { d.run(i) }
    let t1 = clock_ns()
    return report(d.checksum(), expected, t1 - t0)
}
