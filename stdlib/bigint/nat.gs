// nat.gs — magnitudes: unsigned integers as little-endian []u64 limbs,
// the layer under bigint.Int (as Go's math/big nat). Goose has no 128-bit
// integer: a limb product's high half comes from the __mul_add_hi
// primitive (the high half of x * y + c; the low half is the wrapped
// x * y + c), carries and borrows from comparisons, a double-limb
// quotient from big_div_ww. A "normalized" magnitude has no high zero
// limb (zero is the empty slice); the helpers below accept leading zeros
// unless they say otherwise.
// Not for: signs, storage ownership (int.gs), products (mul.gs),
// quotients of longer divisors (div.gs), text (conv.gs).

// The length of x without its high zero limbs.
fn big_norm(x: []u64) -> int {
    var n = x.len
    while n > 0 && x[n - 1] == 0 {
        n -= 1
    }
    return n
}

// -1, 0 or 1 as x is below, equal to or above y (both normalized).
fn big_cmp_mag(x: []u64, y: []u64) -> int {
    if x.len != y.len {
        if x.len < y.len {
            return -1
        }
        return 1
    }
    var i = x.len - 1
    while i >= 0 {
        if x[i] != y[i] {
            if x[i] < y[i] {
                return -1
            }
            return 1
        }
        i -= 1
    }
    return 0
}

// 1 when the sum s = a + b (wrapped) carried out, else 0.
inline fn big_carry(s: u64, a: u64) -> u64 {
    if s < a {
        return 1
    }
    return 0
}

// The loops below that pass a carry from limb to limb run it as two
// chains, one through each half of the operands, in one loop: the C
// compiler interleaves them (a chain waits on its carry; the other runs
// meanwhile) and the loop's own instructions are paid once per two
// limbs. The first half's carry out then ripples into the second half's
// result (z[h] += c and up while it carries: a limb or two), then the odd
// last limb, if any, takes the second half's carry.

// z[0:x.len] = x + y for x.len >= y.len; the carry out (0 or 1). z may be
// x or y: each limb is read before the limb of the same index is written.
fn big_add_vv(z: []u64, x: []u64, y: []u64) -> u64 {
    let m = y.len
    let zz = z[0:x.len]
    let h = m / 2
    let x0 = x[0:h]
    let x1 = x[h:2 * h]
    let y0 = y[0:h]
    let y1 = y[h:2 * h]
    let z0 = zz[0:h]
    let z1 = zz[h:2 * h]
    var c: u64 = 0
    var d: u64 = 0
    for j in 0..h {
        let a = x0[j]
        let s = a + y0[j]
        let t = s + c
        z0[j] = t
        c = big_carry(s, a) | big_carry(t, s)
        let e = x1[j]
        let u = e + y1[j]
        let v = u + d
        z1[j] = v
        d = big_carry(u, e) | big_carry(v, u)
    }
    d += big_add_1(z1, c)
    if m % 2 == 1 {
        let a = x[m - 1]
        let s = a + y[m - 1]
        let t = s + d
        zz[m - 1] = t
        d = big_carry(s, a) | big_carry(t, s)
    }
    var i = m
    while d != 0 && i < x.len {
        let t = x[i] + 1
        zz[i] = t
        d = big_carry(t, 1)
        i += 1
    }
    if !big_same(zz, x) {
        for k in i..x.len {
            zz[k] = x[k]
        }
    }
    return d
}

// z += c (one limb) in place; the carry out (0 or 1).
fn big_add_1(z: []u64, c: u64) -> u64 {
    var k = c
    var i = 0
    while k != 0 && i < z.len {
        let t = z[i] + k
        z[i] = t
        k = big_carry(t, k)
        i += 1
    }
    return k
}

// z -= b (one limb) in place; the borrow out (0 or 1).
fn big_sub_1(z: []u64, b: u64) -> u64 {
    var k = b
    var i = 0
    while k != 0 && i < z.len {
        let a = z[i]
        let t = a - k
        z[i] = t
        k = big_carry(a, t)
        i += 1
    }
    return k
}

// z[0:x.len] = x - y for x.len >= y.len; the borrow out (0 or 1). z may be
// x or y, as in big_add_vv.
fn big_sub_vv(z: []u64, x: []u64, y: []u64) -> u64 {
    let m = y.len
    let zz = z[0:x.len]
    let h = m / 2
    let x0 = x[0:h]
    let x1 = x[h:2 * h]
    let y0 = y[0:h]
    let y1 = y[h:2 * h]
    let z0 = zz[0:h]
    let z1 = zz[h:2 * h]
    var b: u64 = 0
    var d: u64 = 0
    for j in 0..h {
        let a = x0[j]
        let s = a - y0[j]
        let t = s - b
        z0[j] = t
        b = big_carry(a, s) | big_carry(s, t)
        let e = x1[j]
        let u = e - y1[j]
        let v = u - d
        z1[j] = v
        d = big_carry(e, u) | big_carry(u, v)
    }
    d += big_sub_1(z1, b)
    if m % 2 == 1 {
        let a = x[m - 1]
        let s = a - y[m - 1]
        let t = s - d
        zz[m - 1] = t
        d = big_carry(a, s) | big_carry(s, t)
    }
    var i = m
    while d != 0 && i < x.len {
        let a = x[i]
        let t = a - 1
        zz[i] = t
        d = big_carry(a, t)
        i += 1
    }
    if !big_same(zz, x) {
        for k in i..x.len {
            zz[k] = x[k]
        }
    }
    return d
}

// x and y are views starting at the same limb.
inline fn big_same(x: []u64, y: []u64) -> bool {
    return x.len > 0 && y.len > 0 && __ref_index(x[0:1], y[0]) == 0
}

// z[0:x.len] += x * y; the limb carried out.
fn big_addmul_1(z: []u64, x: []u64, y: u64) -> u64 {
    var c: u64 = 0
    let zz = z[0:x.len]
    for i in 0..x.len {
        let a = x[i]
        var hi = __mul_add_hi(a, y, c)
        let lo = a * y + c
        let t = lo + zz[i]
        hi += big_carry(t, lo)
        zz[i] = t
        c = hi
    }
    return c
}

// z[0:x.len] = x * y + c; the limb carried out. z may be x. Two chains,
// as big_add_vv: the second half's product plus the first half's carry
// is below 2^(64(h+1)), so its carry out absorbs the ripple's.
fn big_mul_1(z: []u64, x: []u64, y: u64, c0: u64) -> u64 {
    let n = x.len
    let zz = z[0:n]
    let h = n / 2
    let x0 = x[0:h]
    let x1 = x[h:2 * h]
    let z0 = zz[0:h]
    let z1 = zz[h:2 * h]
    var c = c0
    var d: u64 = 0
    for j in 0..h {
        let a = x0[j]
        z0[j] = a * y + c
        c = __mul_add_hi(a, y, c)
        let e = x1[j]
        z1[j] = e * y + d
        d = __mul_add_hi(e, y, d)
    }
    d += big_add_1(z1, c)
    if n % 2 == 1 {
        let a = x[n - 1]
        zz[n - 1] = a * y + d
        d = __mul_add_hi(a, y, d)
    }
    return d
}

// (u1 u0) / v and its remainder for a normalized v (top bit set) and
// u1 < v, by two steps of 32-bit quotient digits (Hacker's Delight,
// divlu): each digit is estimated from the top half of v, corrected at
// most twice.
fn big_div_ww(u1: u64, u0: u64, v: u64) -> (u64, u64) {
    let b: u64 = 0x100000000
    let vn1 = v >> 32
    let vn0 = v & 0xffffffff
    let un1 = u0 >> 32
    let un0 = u0 & 0xffffffff
    var q1 = u1 / vn1
    var rhat = u1 - q1 * vn1
    while q1 >= b || q1 * vn0 > (rhat << 32) + un1 {
        q1 -= 1
        rhat += vn1
        if rhat >= b {
            break
        }
    }
    let un21 = (u1 << 32) + un1 - q1 * v
    var q0 = un21 / vn1
    rhat = un21 - q0 * vn1
    while q0 >= b || q0 * vn0 > (rhat << 32) + un0 {
        q0 -= 1
        rhat += vn1
        if rhat >= b {
            break
        }
    }
    return ((q1 << 32) + q0, (un21 << 32) + un0 - q0 * v)
}

// z[0:x.len] = x / y for y != 0; the remainder. z may be x.
fn big_div_1(z: []u64, x: []u64, y: u64) -> u64 {
    if y < 0x100000000 {
        return big_div_1_half(z, x, y)
    }
    let s = big_nlz(y)
    let v = y << s
    let zz = z[0:x.len]
    var r: u64 = 0
    var i = x.len - 1
    if s > 0 && i >= 0 {
        r = x[i] >> (64 - s)
    }
    while i >= 0 {
        var u = x[i] << s
        if s > 0 && i > 0 {
            u |= x[i - 1] >> (64 - s)
        }
        let (q, rr) = big_div_ww(r, u, v)
        zz[i] = q
        r = rr
        i -= 1
    }
    return r >> s
}

// big_div_1 for y < 2^32: each limb is divided as two 32-bit halves.
fn big_div_1_half(z: []u64, x: []u64, y: u64) -> u64 {
    var r: u64 = 0
    let zz = z[0:x.len]
    var i = x.len - 1
    while i >= 0 {
        let a = x[i]
        let th = (r << 32) | (a >> 32)
        let qh = th / y
        let tl = ((th - qh * y) << 32) | (a & 0xffffffff)
        let ql = tl / y
        zz[i] = (qh << 32) | ql
        r = tl - ql * y
        i -= 1
    }
    return r
}

// z[0:x.len] = x << s for 0 <= s < 64; the bits shifted out. z may be x.
fn big_shl_bits(z: []u64, x: []u64, s: int) -> u64 {
    if s == 0 {
        if !big_same(z, x) {
            move_from(z[0:x.len], x)
        }
        return 0
    }
    let zz = z[0:x.len]
    let r = 64 - s
    var out: u64 = 0
    var i = x.len - 1
    if i >= 0 {
        out = x[i] >> r
    }
    while i > 0 {
        zz[i] = (x[i] << s) | (x[i - 1] >> r)
        i -= 1
    }
    if x.len > 0 {
        zz[0] = x[0] << s
    }
    return out
}

// z[0:x.len] = x >> s for 0 <= s < 64; the bits shifted out, at the top
// of the result limb. z may be x.
fn big_shr_bits(z: []u64, x: []u64, s: int) -> u64 {
    if s == 0 {
        if !big_same(z, x) {
            move_from(z[0:x.len], x)
        }
        return 0
    }
    let n = x.len
    if n == 0 {
        return 0
    }
    let zz = z[0:n]
    let r = 64 - s
    let out = x[0] << r
    for i in 0..n - 1 {
        zz[i] = (x[i] >> s) | (x[i + 1] << r)
    }
    zz[n - 1] = x[n - 1] >> s
    return out
}

// The number of leading zero bits of a non-zero limb.
fn big_nlz(x: u64) -> int {
    var n = 0
    var v = x
    if v & 0xffffffff00000000 == 0 {
        n += 32
        v <<= 32
    }
    if v & 0xffff000000000000 == 0 {
        n += 16
        v <<= 16
    }
    if v & 0xff00000000000000 == 0 {
        n += 8
        v <<= 8
    }
    if v & 0xf000000000000000 == 0 {
        n += 4
        v <<= 4
    }
    if v & 0xc000000000000000 == 0 {
        n += 2
        v <<= 2
    }
    if v & 0x8000000000000000 == 0 {
        n += 1
    }
    return n
}

// The bit length of a normalized magnitude.
fn big_bitlen(x: []u64) -> int {
    if x.len == 0 {
        return 0
    }
    return x.len * 64 - big_nlz(x[x.len - 1])
}

// The 64 bits of x from bit b up (b >= 0), zeros above x's top.
fn big_bits_at(x: []u64, b: int) -> u64 {
    let w = b / 64
    let o = b % 64
    if w >= x.len {
        return 0
    }
    var v = x[w] >> o
    if o > 0 && w + 1 < x.len {
        v |= x[w + 1] << (64 - o)
    }
    return v
}
