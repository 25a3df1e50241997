// mul.gs — products of magnitudes. Short operands: schoolbook rows on
// the 64-bit limbs, one multiply-add pass (big_addmul_1) per limb of the
// shorter operand. Longer ones are converted to 28-bit digits (in
// []u32), multiplied there by Karatsuba's three half-size products down
// to rows of schoolbook, and converted back: a product of two digits is
// below 2^56, so up to 256 of them add up in a u64 without a carry, and
// the schoolbook rows become `acc[i + j] += x[i] * y[j]`, a loop with no
// carry chain that C compilers vectorize; that outweighs the 31% more
// products 28-bit digits cost.
// Not for: signs or storage (int.gs).

// Below this many limbs in the shorter operand big_mul_basic is used.
const big_digit_min: int = 12
// Below this many digits in the shorter operand the digit product is
// schoolbook (measured with bench/stdlib/bigint at 10,000 digits; flat
// from 80 to 128). Well below 256: big_dmul_basic sums that many
// products below 2^56 in a u64.
const big_karatsuba_min: int = 96
const big_dbits: int = 28
const big_dmask: u64 = 0xfffffff

// z[0:x.len+y.len] = x * y. z must not overlap x or y.
fn big_mul(z: []u64, x: []u64, y: []u64) {
    if x.len < y.len {
        big_mul(z, y, x)
        return
    }
    if y.len == 1 {
        z[x.len] = big_mul_1(z[0:x.len], x, y[0], 0)
        return
    }
    if y.len < big_digit_min {
        big_mul_basic(z, x, y)
        return
    }
    var xd = big_to_digits(x)
    var yd = big_to_digits(y)
    let n = xd.len + yd.len
    var zd = make([]u32, n)
    var acc = make([]u64, n)
    var scratch = make([]u32, big_mul_scratch(xd.len))
    big_kmul(zd, xd, yd, scratch, acc)
    big_from_digits(z[0:x.len + y.len], zd)
    delete(scratch)
    delete(acc)
    delete(zd)
    delete(yd)
    delete(xd)
}

// Enough scratch for big_kmul on operands of at most n digits: each
// level takes 4h + 4 digits for halves of h = ceil(n / 2), and its
// unbalanced case up to n more.
fn big_mul_scratch(n: int) -> int {
    var total = 0
    var m = n
    while m >= big_karatsuba_min {
        let h = (m + 1) / 2
        total += 4 * h + 4 + m
        m = h + 1
    }
    return total + 8
}

// x's value in new 28-bit digits, little-endian; each limb enters the
// bit buffer as two 32-bit halves, so the buffer stays below 2^60.
fn big_to_digits(x: []u64) -> []u32 {
    var d = make([]u32, (x.len * 64 + big_dbits - 1) / big_dbits)
    var buf: u64 = 0
    var bits = 0
    var k = 0
    for i in 0..x.len {
        buf |= (x[i] & 0xffffffff) << bits
        bits += 32
        while bits >= big_dbits {
            d[k] = (buf & big_dmask) as u32
            k += 1
            buf >>= big_dbits
            bits -= big_dbits
        }
        buf |= (x[i] >> 32) << bits
        bits += 32
        while bits >= big_dbits {
            d[k] = (buf & big_dmask) as u32
            k += 1
            buf >>= big_dbits
            bits -= big_dbits
        }
    }
    if bits > 0 {
        d[k] = buf as u32
    }
    return d
}

// z = the value of the 28-bit digits d, z long enough for it (digits
// above z's length must be zero). The bit buffer gives 32-bit words (it
// stays below 2^60); two make a limb.
fn big_from_digits(z: []u64, d: []u32) {
    var buf: u64 = 0
    var bits = 0
    var k = 0
    var low: u64 = 0
    var half = false
    for i in 0..d.len {
        buf |= (d[i] as u64) << bits
        bits += big_dbits
        if bits >= 32 {
            if !half {
                low = buf & 0xffffffff
            } else if k < z.len {
                z[k] = low | (buf << 32)
                k += 1
            }
            half = !half
            buf >>= 32
            bits -= 32
        }
    }
    if half && k < z.len {
        z[k] = low | (buf << 32)
        k += 1
        buf = 0
    }
    while k < z.len {
        z[k] = buf
        buf = 0
        k += 1
    }
}

// z[0:x.len+y.len] = x * y by rows: z = x * y[0], then x * y[j] added in
// at limb j. z must not overlap x or y.
fn big_mul_basic(z: []u64, x: []u64, y: []u64) {
    let n = x.len
    let m = y.len
    if n == 0 || m == 0 {
        defaults(z[0:n + m])
        return
    }
    z[n] = big_mul_1(z[0:n], x, y[0], 0)
    for j in 1..m {
        z[j + n] = big_addmul_1(z[j:j + n], x, y[j])
    }
}

// Digits: the length of x without its high zero digits.
fn big_dnorm(x: []u32) -> int {
    var n = x.len
    while n > 0 && x[n - 1] == 0 {
        n -= 1
    }
    return n
}

// Digits: z[0:x.len] = x + y for x.len >= y.len; the carry out.
// z may be x or y.
fn big_dadd(z: []u32, x: []u32, y: []u32) -> u32 {
    var c: u32 = 0
    let m = y.len
    let zz = z[0:x.len]
    let xl = x[0:m]
    for i in 0..m {
        let t = xl[i] + y[i] + c
        zz[i] = t & 0xfffffff
        c = t >> 28
    }
    for i in m..x.len {
        let t = x[i] + c
        zz[i] = t & 0xfffffff
        c = t >> 28
    }
    return c
}

// Digits: z[0:x.len] = x - y for x.len >= y.len; the borrow out.
// z may be x or y.
fn big_dsub(z: []u32, x: []u32, y: []u32) -> u32 {
    var b: u32 = 0
    let m = y.len
    let zz = z[0:x.len]
    let xl = x[0:m]
    for i in 0..m {
        let t = xl[i] - y[i] - b
        zz[i] = t & 0xfffffff
        b = t >> 31
    }
    for i in m..x.len {
        let t = x[i] - b
        zz[i] = t & 0xfffffff
        b = t >> 31
    }
    return b
}

// Digits: z[0:x.len+y.len] = x * y by rows into acc, then one carry pass.
// Each acc entry sums at most y.len products below 2^56.
fn big_dmul_basic(z: []u32, x: []u32, y: []u32, acc: []u64) {
    let n = x.len
    let a = acc[0:n + y.len]
    defaults(a)
    for j in 0..y.len {
        let row = a[j:j + n]
        let yj = y[j] as u64
        for i in 0..n {
            row[i] += (x[i] as u64) * yj
        }
    }
    var c: u64 = 0
    let zz = z[0:a.len]
    for k in 0..a.len {
        let v = a[k] + c
        zz[k] = (v & big_dmask) as u32
        c = v >> big_dbits
    }
}

// Digits: z[0:x.len+y.len] = x * y for x.len >= y.len, with scratch s.
fn big_kmul(z: []u32, x: []u32, y: []u32, s: []u32, acc: []u64) {
    if y.len < big_karatsuba_min {
        big_dmul_basic(z, x, y, acc)
        return
    }
    let h = (x.len + 1) / 2
    if y.len <= h {
        big_kmul_unbalanced(z, x, y, s, acc)
        return
    }
    let x0 = x[0:h]
    let x1 = x[h:x.len]
    let y0 = y[0:h]
    let y1 = y[h:y.len]
    let sx = s[0:h + 1]
    let sy = s[h + 1:2 * h + 2]
    let p = s[2 * h + 2:4 * h + 4]
    let rest = s[4 * h + 4:s.len]
    // z0 = x0*y0 in z[0:2h], z2 = x1*y1 in z[2h:], p = (x0+x1)(y0+y1).
    big_kmul(z[0:2 * h], x0, y0, rest, acc)
    big_kmul_any(z[2 * h:x.len + y.len], x1, y1, rest, acc)
    sx[h] = big_dadd(sx, x0, x1)
    sy[h] = big_dadd(sy, y0, y1)
    big_kmul(p, sx, sy, rest, acc)
    // p -= z0 + z2 leaves x0*y1 + x1*y0, which is added in at digit h.
    big_dsub(p, p, z[0:2 * h])
    big_dsub(p, p, z[2 * h:x.len + y.len])
    let pn = big_dnorm(p)
    let zh = z[h:x.len + y.len]
    big_dadd(zh, zh, p[0:pn])
}

// big_kmul with the operands in either order.
fn big_kmul_any(z: []u32, x: []u32, y: []u32, s: []u32, acc: []u64) {
    if x.len < y.len {
        big_kmul(z, y, x, s, acc)
    } else {
        big_kmul(z, x, y, s, acc)
    }
}

// x at least twice y's length: x is cut into pieces of y.len digits, each
// multiplied by y and added in at its offset.
fn big_kmul_unbalanced(z: []u32, x: []u32, y: []u32, s: []u32, acc: []u64) {
    let m = y.len
    let t = s[0:2 * m]
    let rest = s[2 * m:s.len]
    defaults(z[0:x.len + y.len])
    var i = 0
    while i < x.len {
        var e = i + m
        if e > x.len {
            e = x.len
        }
        let piece = x[i:e]
        let tp = t[0:piece.len + m]
        big_kmul_any(tp, piece, y, rest, acc)
        let zi = z[i:x.len + y.len]
        big_dadd(zi, zi, tp)
        i = e
    }
}
