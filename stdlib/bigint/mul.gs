// mul.gs — products of magnitudes: schoolbook below big_karatsuba_min
// limbs, Karatsuba's three half-size products above it, and unbalanced
// operands cut into pieces the size of the shorter one.
// Not for: signs or storage (int.gs).

// Below this many limbs in the shorter operand the schoolbook product is
// faster (measured with bench/stdlib/bigint at 10,000 digits).
const big_karatsuba_min: int = 40

// z[0:x.len+y.len] = x * y. z must not overlap x or y.
fn big_mul(z: []u32, x: []u32, y: []u32) {
    if x.len < y.len {
        big_mul(z, y, x)
        return
    }
    if y.len < big_karatsuba_min {
        big_mul_basic(z, x, y)
        return
    }
    var scratch = make([]u32, big_mul_scratch(x.len))
    big_kmul(z, x, y, scratch)
    delete(scratch)
}

// Enough scratch for big_kmul on operands of at most n limbs: each level
// takes 4h + 4 limbs for halves of h = ceil(n / 2) limbs.
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

// z[0:x.len+y.len] = x * y by rows, y's limbs the outer loop.
fn big_mul_basic(z: []u32, x: []u32, y: []u32) {
    let n = x.len
    defaults(z[0:n + y.len])
    for j in 0..y.len {
        z[j + n] = big_addmul_1(z[j:j + n], x, y[j])
    }
}

// z[0:x.len+y.len] = x * y for x.len >= y.len, with scratch s.
fn big_kmul(z: []u32, x: []u32, y: []u32, s: []u32) {
    if y.len < big_karatsuba_min {
        big_mul_basic(z, x, y)
        return
    }
    let h = (x.len + 1) / 2
    if y.len <= h {
        big_kmul_unbalanced(z, x, y, s)
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
    big_kmul(z[0:2 * h], x0, y0, rest)
    big_kmul_any(z[2 * h:x.len + y.len], x1, y1, rest)
    sx[h] = big_add_vv(sx, x0, x1)
    sy[h] = big_add_vv(sy, y0, y1)
    big_kmul(p, sx, sy, rest)
    // p -= z0 + z2 leaves x0*y1 + x1*y0, which is added in at limb h.
    big_sub_vv(p, p, z[0:2 * h])
    big_sub_vv(p, p, z[2 * h:x.len + y.len])
    let pn = big_norm(p)
    let zh = z[h:x.len + y.len]
    big_add_vv(zh, zh, p[0:pn])
}

// big_kmul with the operands in either order.
fn big_kmul_any(z: []u32, x: []u32, y: []u32, s: []u32) {
    if x.len < y.len {
        big_kmul(z, y, x, s)
    } else {
        big_kmul(z, x, y, s)
    }
}

// x at least twice y's length: x is cut into pieces of y.len limbs, each
// multiplied by y and added in at its offset.
fn big_kmul_unbalanced(z: []u32, x: []u32, y: []u32, s: []u32) {
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
        big_kmul_any(tp, piece, y, rest)
        let zi = z[i:x.len + y.len]
        big_add_vv(zi, zi, tp)
        i = e
    }
}
