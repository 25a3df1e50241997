// nat.gs — magnitudes: unsigned integers as little-endian []u32 limbs,
// the layer under bigint.Int (as Go's math/big nat). Products and sums of
// limbs are formed in u64, so no wider type is needed. A "normalized"
// magnitude has no high zero limb (zero is the empty slice); the helpers
// below accept leading zeros unless they say otherwise.
// Not for: signs, storage ownership (int.gs), products (mul.gs),
// quotients (div.gs), text (conv.gs).

// The length of x without its high zero limbs.
fn big_norm(x: []u32) -> int {
    var n = x.len
    while n > 0 && x[n - 1] == 0 {
        n -= 1
    }
    return n
}

// -1, 0 or 1 as x is below, equal to or above y (both normalized).
fn big_cmp_mag(x: []u32, y: []u32) -> int {
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

// z[0:x.len] = x + y for x.len >= y.len; the carry out (0 or 1). z may be
// x or y: each limb is read before the limb of the same index is written.
fn big_add_vv(z: []u32, x: []u32, y: []u32) -> u32 {
    var c: u64 = 0
    let m = y.len
    let zz = z[0:x.len]
    let xl = x[0:m]
    for i in 0..m {
        let t = (xl[i] as u64) + (y[i] as u64) + c
        zz[i] = t as u32
        c = t >> 32
    }
    var i = m
    while c != 0 && i < x.len {
        let t = (x[i] as u64) + c
        zz[i] = t as u32
        c = t >> 32
        i += 1
    }
    if !big_same(zz, x) {
        for k in i..x.len {
            zz[k] = x[k]
        }
    }
    return c as u32
}

// z[0:x.len] = x - y for x.len >= y.len; the borrow out (0 or 1). z may be
// x or y, as in big_add_vv.
fn big_sub_vv(z: []u32, x: []u32, y: []u32) -> u32 {
    var b: u64 = 0
    let m = y.len
    let zz = z[0:x.len]
    let xl = x[0:m]
    for i in 0..m {
        let t = (xl[i] as u64) - (y[i] as u64) - b
        zz[i] = t as u32
        b = t >> 63
    }
    var i = m
    while b != 0 && i < x.len {
        let t = (x[i] as u64) - b
        zz[i] = t as u32
        b = t >> 63
        i += 1
    }
    if !big_same(zz, x) {
        for k in i..x.len {
            zz[k] = x[k]
        }
    }
    return b as u32
}

// x and y are views starting at the same limb.
inline fn big_same(x: []u32, y: []u32) -> bool {
    return x.len > 0 && y.len > 0 && __ref_index(x[0:1], y[0]) == 0
}

// z[0:x.len] += x * y; the limb carried out.
fn big_addmul_1(z: []u32, x: []u32, y: u32) -> u32 {
    var c: u64 = 0
    let yy = y as u64
    let zz = z[0:x.len]
    for i in 0..x.len {
        let t = (x[i] as u64) * yy + (zz[i] as u64) + c
        zz[i] = t as u32
        c = t >> 32
    }
    return c as u32
}

// z[0:x.len] = x * y + c; the limb carried out. z may be x.
fn big_mul_1(z: []u32, x: []u32, y: u32, c0: u32) -> u32 {
    var c = c0 as u64
    let yy = y as u64
    let zz = z[0:x.len]
    for i in 0..x.len {
        let t = (x[i] as u64) * yy + c
        zz[i] = t as u32
        c = t >> 32
    }
    return c as u32
}

// z[0:x.len] = x / y; the remainder. z may be x.
fn big_div_1(z: []u32, x: []u32, y: u32) -> u32 {
    var r: u64 = 0
    let yy = y as u64
    let zz = z[0:x.len]
    var i = x.len - 1
    while i >= 0 {
        let t = (r << 32) | (x[i] as u64)
        zz[i] = (t / yy) as u32
        r = t % yy
        i -= 1
    }
    return r as u32
}

// z[0:x.len] = x << s for 0 <= s < 32; the bits shifted out. z may be x.
fn big_shl_bits(z: []u32, x: []u32, s: int) -> u32 {
    if s == 0 {
        if !big_same(z, x) {
            move_from(z[0:x.len], x)
        }
        return 0
    }
    let zz = z[0:x.len]
    let r = 32 - s
    var out: u32 = 0
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

// z[0:x.len] = x >> s for 0 <= s < 32; the bits shifted out, at the top
// of the result limb. z may be x.
fn big_shr_bits(z: []u32, x: []u32, s: int) -> u32 {
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
    let r = 32 - s
    let out = x[0] << r
    for i in 0..n - 1 {
        zz[i] = (x[i] >> s) | (x[i + 1] << r)
    }
    zz[n - 1] = x[n - 1] >> s
    return out
}

// The number of leading zero bits of a non-zero limb.
fn big_nlz(x: u32) -> int {
    var n = 0
    var v = x
    if v & 0xffff0000 == 0 {
        n += 16
        v <<= 16
    }
    if v & 0xff000000 == 0 {
        n += 8
        v <<= 8
    }
    if v & 0xf0000000 == 0 {
        n += 4
        v <<= 4
    }
    if v & 0xc0000000 == 0 {
        n += 2
        v <<= 2
    }
    if v & 0x80000000 == 0 {
        n += 1
    }
    return n
}
