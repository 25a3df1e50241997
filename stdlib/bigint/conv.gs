// conv.gs — bigint.parse and Int.to_string in bases 2 to 36. Bases that
// are powers of two move bits directly (linear time); the others work in
// chunks of k digits, base^k the largest power below 2^32. Short numbers
// directly: parsing multiplies by base^k and adds each chunk, printing
// divides by base^k (by the constant 10^9 in base 10, which C compilers
// turn into a multiplication) and writes each remainder's k digits.
// Long numbers divide and conquer with the powers base^(k * 2^i): a
// number is split at such a power and each part is converted on its own
// (printing: quotient and remainder of one division; parsing: high part
// times the power plus the low part), so most of the work is a few large
// divisions or Karatsuba products instead of a quadratic number of
// single-limb steps.
// Not for: prefixes (0x), underscores, spaces; formatted widths.

const big_digits: string = "0123456789abcdefghijklmnopqrstuvwxyz"

// A base outside 2..36 is the caller's bug.
fn big_check_base(base: int) {
    if base < 2 || base > 36 {
        __fail(format("bigint base {} out of range 2..36", base))
    }
}

// The value of the digit c in any base, or 99 for a byte that is none.
fn big_digit(c: u8) -> int {
    if c >= '0' && c <= '9' {
        return (c - '0') as int
    }
    if c >= 'a' && c <= 'z' {
        return (c - 'a') as int + 10
    }
    if c >= 'A' && c <= 'Z' {
        return (c - 'A') as int + 10
    }
    return 99
}

// log2(base) when base is a power of two, else 0.
fn big_pow2_bits(base: int) -> int {
    if base & (base - 1) != 0 {
        return 0
    }
    var b = 0
    while (1 << b) < base {
        b += 1
    }
    return b
}

// The most digits k with base^k below 2^32, and base^k.
fn big_chunk(base: int) -> (int, u64) {
    var k = 0
    var p: u64 = 1
    while p * (base as u64) < 0x100000000 {
        p *= base as u64
        k += 1
    }
    return (k, p)
}

// The integer s writes in the given base (2..36): an optional + or -,
// then one or more digits of the base, letters in either case; none for
// anything else. A base outside 2..36 is a runtime error.
fn parse(s: string, base: int) -> ?Int {
    big_check_base(base)
    var i = 0
    var neg = false
    if s.len > 0 && (s[0] == '+' || s[0] == '-') {
        neg = s[0] == '-'
        i = 1
    }
    if i == s.len {
        return none
    }
    for k in i..s.len {
        if big_digit(s[k]) >= base {
            return none
        }
    }
    let digits = s[i:s.len]
    var z = Int{}
    let b = big_pow2_bits(base)
    if b > 0 {
        z.mag = make([]u64, (digits.len * b + 63) / 64)
        big_parse_pow2(z.mag, digits, b)
        z.big_finish(z.mag.len, neg)
    } else {
        z = big_parse_dc(digits, base)
        z.minus = neg && z.n > 0
    }
    return z
}

// z = the digits (b bits each), from the last digit up; a digit that
// straddles two limbs leaves its high bits in the next.
fn big_parse_pow2(z: []u64, digits: string, b: int) {
    var acc: u64 = 0
    var bits = 0
    var n = 0
    var i = digits.len - 1
    while i >= 0 {
        let d = big_digit(digits[i]) as u64
        acc |= d << bits
        bits += b
        if bits >= 64 {
            z[n] = acc
            n += 1
            bits -= 64
            acc = 0
            if bits > 0 {
                acc = d >> (b - bits)
            }
        }
        i -= 1
    }
    if bits > 0 {
        z[n] = acc
    }
}

// z = the digits in base, a chunk of k digits at a time (a shorter chunk
// first); the number of limbs used.
fn big_parse_chunks(z: []u64, digits: string, base: int) -> int {
    let (k, _) = big_chunk(base)
    var n = 0
    var i = 0
    var len = digits.len % k
    if len == 0 {
        len = k
    }
    while i < digits.len {
        var chunk: u64 = 0
        var mult: u64 = 1
        for j in i..i + len {
            chunk = chunk * (base as u64) + (big_digit(digits[j]) as u64)
            mult *= base as u64
        }
        let c = big_mul_1(z[0:n], z[0:n], mult, chunk)
        if c != 0 {
            z[n] = c
            n += 1
        }
        i += len
        len = k
    }
    return n
}

// x in the given base (2..36), lower-case letters, a leading - when
// negative; a new string. A base outside 2..36 is a runtime error.
fn (x: Int) to_string(base: int) -> string {
    big_check_base(base)
    if x.n == 0 {
        return from_bytes([]u8{'0'})
    }
    let b = big_pow2_bits(base)
    var room = x.n * 64 + 2
    if b == 0 {
        room = x.n * 42 + 2
    }
    var buf = make([]u8, room)
    var at = 0
    if b > 0 {
        at = big_format_pow2(buf, x.big_limbs(), b)
    } else {
        at = big_format_dc(buf, x.big_limbs(), base)
    }
    if x.minus {
        at -= 1
        buf[at] = '-'
    }
    let s = from_bytes(buf[at:buf.len])
    delete(buf)
    return s
}

// Writes x's digits (b bits each) at the end of buf; where they start.
fn big_format_pow2(buf: []u8, x: []u64, b: int) -> int {
    let total = big_bitlen(x)
    let mask = (1 << b) - 1
    var at = buf.len
    var bit = 0
    while bit < total {
        let v = big_bits_at(x, bit)
        at -= 1
        buf[at] = big_digits[(v as int) & mask]
        bit += b
    }
    return at
}

// Writes x's digits in base at the end of buf, dividing a copy of x by
// base^k until it is zero; where they start.
fn big_format_chunks(buf: []u8, x: []u64, base: int) -> int {
    let (k, bk) = big_chunk(base)
    var t = make([]u64, x.len)
    copy_into(t, x)
    var n = x.len
    var at = buf.len
    while n > 0 {
        var r: u64 = 0
        if base == 10 {
            r = big_div_1e9(t[0:n], t[0:n])
        } else {
            r = big_div_1_half(t[0:n], t[0:n], bk)
        }
        n = big_norm(t[0:n])
        var d = 0
        while d < k && (n > 0 || r != 0) {
            at -= 1
            buf[at] = big_digits[(r % (base as u64)) as int]
            r /= base as u64
            d += 1
        }
    }
    delete(t)
    return at
}

// z[0:x.len] = x / 10^9 (as big_div_1_half, a limb as two 32-bit
// halves); the remainder. The constant divisor lets the C compiler
// multiply instead of divide.
fn big_div_1e9(z: []u64, x: []u64) -> u64 {
    var r: u64 = 0
    let zz = z[0:x.len]
    var i = x.len - 1
    while i >= 0 {
        let a = x[i]
        let th = (r << 32) | (a >> 32)
        let qh = th / 1000000000
        let tl = ((th - qh * 1000000000) << 32) | (a & 0xffffffff)
        let ql = tl / 1000000000
        zz[i] = (qh << 32) | ql
        r = tl - ql * 1000000000
        i -= 1
    }
    return r
}

// Numbers of at least this many limbs (to_string) or digits (parse) are
// split by powers of the base.
const big_conv_dc_limbs: int = 20
const big_conv_dc_digits: int = 400

// The powers p = base^(k * 2^i) of a chunk base^k, i = 0, 1, ..., that
// can split a number of max limbs (2 * p.n - 1 <= max), as new Ints. A
// square has at least 2 * n - 1 limbs, so squaring stops before the
// first power too large.
fn big_powers(bk: u64, max: int) -> []Int {
    var pows: []Int
    pows.push(from_int(bk as int))
    while 4 * pows[pows.len - 1].n - 3 <= max {
        let last = pows[pows.len - 1]
        pows.push(last.mul(last))
    }
    return pows
}

fn big_free_powers(pows: []Int) {
    for i in 0..pows.len {
        pows[i].free()
    }
    var p = pows
    delete(p)
}

// Writes x's digits in a base that is not a power of two at the end of
// buf; where they start. Long numbers go through big_format_rec.
fn big_format_dc(buf: []u8, x: []u64, base: int) -> int {
    if x.len < big_conv_dc_limbs {
        return big_format_chunks(buf, x, base)
    }
    let (k, bk) = big_chunk(base)
    let pows = big_powers(bk, x.len)
    let at = big_format_rec(buf, buf.len, x, 0, pows, k, base)
    big_free_powers(pows)
    return at
}

// Writes x's digits ending at buf[end - 1], zero-padded to width digits;
// where they start. x is split at the largest power p = pows[i] with
// about half x's limbs (so p < x and the quotient is not zero): the
// remainder fills exactly k * 2^i digits, the quotient goes before it.
fn big_format_rec(buf: []u8, end: int, x: []u64, width: int, pows: []Int, k: int, base: int) -> int {
    if x.len < big_conv_dc_limbs {
        var start = big_format_chunks(buf[0:end], x, base)
        while end - start < width {
            start -= 1
            buf[start] = '0'
        }
        return start
    }
    var i = pows.len - 1
    while i > 0 && 2 * pows[i].n - 1 > x.len {
        i -= 1
    }
    let xi = Int{n: x.len, mag: x}
    var (q, r) = xi.divmod(pows[i])
    let dw = k << i
    big_format_rec(buf, end, r.big_limbs(), dw, pows, k, base)
    var qw = width - dw
    if qw < 0 {
        qw = 0
    }
    let start = big_format_rec(buf, end - dw, q.big_limbs(), qw, pows, k, base)
    q.free()
    r.free()
    return start
}

// The value of digits (all valid in base, not a power of two) as a new
// Int; long runs split into a high part times base^(k * 2^i) plus the
// low k * 2^i digits.
fn big_parse_dc(digits: string, base: int) -> Int {
    let (k, bk) = big_chunk(base)
    var pows: []Int
    if digits.len >= big_conv_dc_digits {
        let chunk_bits = 64 - big_nlz(bk)
        pows = big_powers(bk, (digits.len / k + 1) * chunk_bits / 64 + 1)
    }
    let z = big_parse_rec(digits, pows, k, base)
    big_free_powers(pows)
    return z
}

fn big_parse_rec(digits: string, pows: []Int, k: int, base: int) -> Int {
    if digits.len < big_conv_dc_digits {
        var z = Int{}
        z.mag = make([]u64, digits.len * 6 / 64 + 2)
        let n = big_parse_chunks(z.mag, digits, base)
        z.big_finish(n, false)
        return z
    }
    var i = pows.len - 1
    while i > 0 && (k << i) * 2 > digits.len {
        i -= 1
    }
    let cut = digits.len - (k << i)
    var hi = big_parse_rec(digits[0:cut], pows, k, base)
    var lo = big_parse_rec(digits[cut:digits.len], pows, k, base)
    hi.set_mul(hi, pows[i])
    hi.set_add(hi, lo)
    lo.free()
    return hi
}
