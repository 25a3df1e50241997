// conv.gs — bigint.parse and Int.to_string in bases 2 to 36. Bases that
// are powers of two move bits directly (linear time); the others work in
// chunks of as many digits as fit in a limb: parsing multiplies the
// magnitude by base^k and adds each chunk, printing divides by base^k
// (by the constant 10^9 in base 10, which C compilers turn into a
// multiplication) and writes each remainder's k digits.
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
        z.mag = make([]u32, (digits.len * b + 31) / 32)
        big_parse_pow2(z.mag, digits, b)
        z.big_finish(z.mag.len, neg)
    } else {
        z.mag = make([]u32, digits.len * 6 / 32 + 2)
        let n = big_parse_chunks(z.mag, digits, base)
        z.big_finish(n, neg)
    }
    return z
}

// z = the digits (b bits each), from the last digit up.
fn big_parse_pow2(z: []u32, digits: string, b: int) {
    var acc: u64 = 0
    var bits = 0
    var n = 0
    var i = digits.len - 1
    while i >= 0 {
        acc |= (big_digit(digits[i]) as u64) << bits
        bits += b
        if bits >= 32 {
            z[n] = acc as u32
            n += 1
            acc >>= 32
            bits -= 32
        }
        i -= 1
    }
    if bits > 0 {
        z[n] = acc as u32
    }
}

// z = the digits in base, a chunk of k digits at a time (a shorter chunk
// first); the number of limbs used.
fn big_parse_chunks(z: []u32, digits: string, base: int) -> int {
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
        let c = big_mul_1(z[0:n], z[0:n], mult as u32, chunk as u32)
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
    var room = x.n * 32 + 2
    if b == 0 {
        room = x.n * 21 + 2
    }
    var buf = make([]u8, room)
    var at = 0
    if b > 0 {
        at = big_format_pow2(buf, x.big_limbs(), b)
    } else {
        at = big_format_chunks(buf, x.big_limbs(), base)
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
fn big_format_pow2(buf: []u8, x: []u32, b: int) -> int {
    let total = (x.len - 1) * 32 + (32 - big_nlz(x[x.len - 1]))
    let mask = (1 << b) - 1
    var at = buf.len
    var bit = 0
    while bit < total {
        let w = bit / 32
        let o = bit % 32
        var v = (x[w] as u64) >> o
        if o + b > 32 && w + 1 < x.len {
            v |= (x[w + 1] as u64) << (32 - o)
        }
        at -= 1
        buf[at] = big_digits[(v as int) & mask]
        bit += b
    }
    return at
}

// Writes x's digits in base at the end of buf, dividing a copy of x by
// base^k until it is zero; where they start.
fn big_format_chunks(buf: []u8, x: []u32, base: int) -> int {
    let (k, bk) = big_chunk(base)
    var t = make([]u32, x.len)
    copy_into(t, x)
    var n = x.len
    var at = buf.len
    while n > 0 {
        var r: u32 = 0
        if base == 10 {
            r = big_div_1e9(t[0:n], t[0:n])
        } else {
            r = big_div_1(t[0:n], t[0:n], bk as u32)
        }
        n = big_norm(t[0:n])
        var d = 0
        while d < k && (n > 0 || r != 0) {
            at -= 1
            buf[at] = big_digits[(r % (base as u32)) as int]
            r /= base as u32
            d += 1
        }
    }
    delete(t)
    return at
}

// z[0:x.len] = x / 10^9; the remainder. The constant divisor lets the C
// compiler multiply instead of divide.
fn big_div_1e9(z: []u32, x: []u32) -> u32 {
    var r: u64 = 0
    let zz = z[0:x.len]
    var i = x.len - 1
    while i >= 0 {
        let t = (r << 32) | (x[i] as u64)
        let q = t / 1000000000
        zz[i] = q as u32
        r = t - q * 1000000000
        i -= 1
    }
    return r as u32
}
