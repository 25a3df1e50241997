// div.gs — quotient and remainder of magnitudes: one limb by big_div_1,
// longer divisors by Knuth's algorithm D (TAOCP vol. 2, 4.3.1) on 32-bit
// limbs, as in Hacker's Delight's divmnu: each quotient limb is estimated
// from the top two limbs of the remainder and the top limb of the
// normalized divisor, corrected at most twice, then once more by an
// add-back when the multiply-subtract goes negative.
// Not for: signs or storage (int.gs).

// q[0:x.len-y.len+1] = x / y and r[0:y.len] = x % y, for normalized x
// and y with x.len >= y.len >= 1. q and r may overlap neither x nor y
// nor each other.
fn big_divmod_mag(q: []u32, r: []u32, x: []u32, y: []u32) {
    let n = y.len
    if n == 1 {
        r[0] = big_div_1(q, x, y[0])
        return
    }
    let s = big_nlz(y[n - 1])
    var v = make([]u32, n)
    var u = make([]u32, x.len + 1)
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
fn big_knuth_d(q: []u32, u: []u32, v: []u32) {
    let n = v.len
    let m = u.len - n - 1
    let vtop = v[n - 1] as u64
    let vnext = v[n - 2] as u64
    var j = m
    while j >= 0 {
        let num = ((u[j + n] as u64) << 32) | (u[j + n - 1] as u64)
        var qhat = num / vtop
        var rhat = num % vtop
        while qhat >= 0x100000000 || qhat * vnext > ((rhat << 32) | (u[j + n - 2] as u64)) {
            qhat -= 1
            rhat += vtop
            if rhat >= 0x100000000 {
                break
            }
        }
        let uj = u[j:j + n + 1]
        if big_submul(uj, v, qhat) {
            qhat -= 1
            uj[n] += big_add_vv(uj, uj[0:n], v)
        }
        q[j] = qhat as u32
        j -= 1
    }
}

// u[0:n+1] -= v * qd (n = v.len, qd < 2^32); true when that went below
// zero (u then holds the result plus 2^(32(n+1))). The product's carry
// and the subtraction's borrow are separate chains, so they overlap.
fn big_submul(u: []u32, v: []u32, qd: u64) -> bool {
    let n = v.len
    let ul = u[0:n]
    var c: u64 = 0
    var b: u64 = 0
    for i in 0..n {
        let t = qd * (v[i] as u64) + c
        c = t >> 32
        let d = (ul[i] as u64) - (t & 0xffffffff) - b
        ul[i] = d as u32
        b = d >> 63
    }
    let d = (u[n] as u64) - c - b
    u[n] = d as u32
    return d >> 63 != 0
}
