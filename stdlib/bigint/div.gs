// div.gs — quotient and remainder of magnitudes. One limb: big_div_1.
// A quotient below 2^31 (as pidigits' digit quotients): estimated from
// the top bits of both operands, one multiply-subtract pass, then
// corrected by subtracting y while the remainder is at least y (at most
// twice). Otherwise Knuth's algorithm D (TAOCP vol. 2, 4.3.1) on 64-bit
// limbs, as in Go's math/big divBasic: each quotient limb is estimated
// from the top two limbs of the remainder and the top limb of the
// normalized divisor, corrected at most twice, then once more by an
// add-back when the multiply-subtract goes negative.
// Not for: signs or storage (int.gs).

// Above this many bits of x over y the quotient is not a small one.
const big_small_q_bits: int = 30

// The quotient of x / y for normalized x and y, x >= y, is below 2^31
// and is found by big_divmod_small.
fn big_small_quotient(x: []u64, y: []u64) -> bool {
    return y.len >= 2 && big_bitlen(x) - big_bitlen(y) <= big_small_q_bits
}

// r[0:x.len] = x % y, for normalized x >= y with big_small_quotient;
// the quotient. r may be x but must not overlap y.
fn big_divmod_small(r: []u64, x: []u64, y: []u64) -> u64 {
    // y's top 33 bits and x's bits from the same place: x >> b < 2^63,
    // and qhat = X / (Y + 1) is the quotient or at most 2 below it.
    let b = big_bitlen(y) - 33
    let qhat = big_bits_at(x, b) / (big_bits_at(y, b) + 1)
    let rr = r[0:x.len]
    let c = big_mul_sub(rr, x, y, qhat)
    if x.len > y.len {
        rr[y.len] = x[y.len] - c
    }
    var q = qhat
    var n = big_norm(rr)
    while big_cmp_mag(rr[0:n], y) >= 0 {
        big_sub_vv(rr[0:n], rr[0:n], y)
        n = big_norm(rr[0:n])
        q += 1
    }
    return q
}

// r[0:y.len] = x[0:y.len] - y * qd; the limb to take from x[y.len:]
// (the product's high limb plus the borrow). r may be x. Two chains, as
// nat.gs's big_add_vv: the first half's limb to take is subtracted from
// the second half's result, and its borrow joins the second's.
fn big_mul_sub(r: []u64, x: []u64, y: []u64, qd: u64) -> u64 {
    let n = y.len
    let h = n / 2
    let rl = r[0:n]
    let r0 = rl[0:h]
    let r1 = rl[h:2 * h]
    let x0 = x[0:h]
    let x1 = x[h:2 * h]
    let y0 = y[0:h]
    let y1 = y[h:2 * h]
    var c: u64 = 0
    var d: u64 = 0
    for j in 0..h {
        let v = y0[j]
        let p = v * qd + c
        let a = x0[j]
        let s = a - p
        r0[j] = s
        c = __mul_add_hi(v, qd, c) + big_carry(a, s)
        let w = y1[j]
        let q = w * qd + d
        let e = x1[j]
        let t = e - q
        r1[j] = t
        d = __mul_add_hi(w, qd, d) + big_carry(e, t)
    }
    d += big_sub_1(r1, c)
    if n % 2 == 1 {
        let v = y[n - 1]
        let p = v * qd + d
        let a = x[n - 1]
        let s = a - p
        rl[n - 1] = s
        d = __mul_add_hi(v, qd, d) + big_carry(a, s)
    }
    return d
}

// q[0:x.len-y.len+1] = x / y and r[0:y.len] = x % y, for normalized x
// and y with x.len >= y.len >= 1. q and r may overlap neither x nor y
// nor each other.
fn big_divmod_mag(q: []u64, r: []u64, x: []u64, y: []u64) {
    let n = y.len
    if n == 1 {
        r[0] = big_div_1(q, x, y[0])
        return
    }
    let s = big_nlz(y[n - 1])
    var v = make([]u64, n)
    var u = make([]u64, x.len + 1)
    big_shl_bits(v, y, s)
    u[x.len] = big_shl_bits(u, x, s)
    big_knuth_d(q, u, v)
    big_shr_bits(r, u[0:n], s)
    delete(v)
    delete(u)
}

// Algorithm D on u (m + n + 1 limbs, the dividend shifted left so that
// v's top bit is set) and v (n >= 2 limbs, top bit set): q[0:m+1] gets
// the quotient, u[0:n] the remainder, still shifted.
fn big_knuth_d(q: []u64, u: []u64, v: []u64) {
    let n = v.len
    let m = u.len - n - 1
    let vtop = v[n - 1]
    let vnext = v[n - 2]
    var j = m
    while j >= 0 {
        var qhat: u64 = 0xffffffffffffffff
        let ujn = u[j + n]
        if ujn != vtop {
            let (qh, rh) = big_div_ww(ujn, u[j + n - 1], vtop)
            qhat = qh
            var rhat = rh
            let ujn2 = u[j + n - 2]
            while big_gt_ww(__mul_add_hi(qhat, vnext, 0), qhat * vnext, rhat, ujn2) {
                qhat -= 1
                let prev = rhat
                rhat += vtop
                if rhat < prev {
                    break
                }
            }
        }
        let uj = u[j:j + n + 1]
        let c = big_mul_sub(uj, uj, v, qhat)
        let top = uj[n]
        uj[n] = top - c
        if top < c {
            qhat -= 1
            uj[n] += big_add_vv(uj, uj[0:n], v)
        }
        q[j] = qhat
        j -= 1
    }
}

// (x1 x0) > (y1 y0) as double limbs.
inline fn big_gt_ww(x1: u64, x0: u64, y1: u64, y0: u64) -> bool {
    return x1 > y1 || (x1 == y1 && x0 > y0)
}
