// int.gs — bigint.Int, a signed integer of any size: a sign and a
// magnitude (nat.gs) kept in storage the Int owns, mag[0:n] with
// mag[n - 1] != 0; zero is n == 0 and never negative, so the zero value
// Int{} is 0.
//
// Every method that returns an Int returns a new one that owns new
// storage (give it back with free). The set_ forms write their result
// into the receiver, as GMP's mpz_add(z, x, y): its storage is reused when
// it is large enough, and the receiver may also be an operand. An Int is
// a handle: copying one shares its storage, so after a set_ on either
// copy (or a free) only the one written is valid; `clone` makes an
// independent copy. Division by zero and negative shift counts or
// exponents are runtime errors at the user's call.
// Not for: fixed-size arithmetic (use int), rationals or floats.

struct Int {
    minus: bool // negative (never for zero)
    n: int      // limbs in use
    mag: []u64  // owned storage; mag[0:n] the magnitude, little-endian
}

// n as an Int.
fn from_int(n: int) -> Int {
    var z = Int{}
    z.set_int(n)
    return z
}

// The magnitude as a view.
inline fn (x: Int) big_limbs() -> []u64 {
    return x.mag[0:x.n]
}

// -1, 0 or 1 as x is below, equal to or above y.
fn (x: Int) cmp(y: Int) -> int {
    if x.minus != y.minus {
        if x.minus {
            return -1
        }
        return 1
    }
    let c = big_cmp_mag(x.big_limbs(), y.big_limbs())
    if x.minus {
        return -c
    }
    return c
}

// -1, 0 or 1 as x is negative, zero or positive.
fn (x: Int) sign() -> int {
    if x.n == 0 {
        return 0
    }
    if x.minus {
        return -1
    }
    return 1
}

// x as an int, or none when it does not fit in 64 bits.
fn (x: Int) to_int() -> ?int {
    if x.n > 1 {
        return none
    }
    var v: u64 = 0
    if x.n == 1 {
        v = x.mag[0]
    }
    if !x.minus {
        if v > 0x7fffffffffffffff {
            return none
        }
        return v as int
    }
    if v > 0x8000000000000000 {
        return none
    }
    return (0 - v) as int
}

// Gives the storage back; x is 0 and usable after.
fn (x: ref Int) free() {
    delete(x.mag)
    x.mag = []u64{}
    x.n = 0
    x.minus = false
}

// A new Int equal to x, with its own storage.
fn (x: Int) clone() -> Int {
    var z = Int{}
    z.set(x)
    return z
}

fn (x: Int) add(y: Int) -> Int {
    var z = Int{}
    z.set_add(x, y)
    return z
}

fn (x: Int) sub(y: Int) -> Int {
    var z = Int{}
    z.set_sub(x, y)
    return z
}

fn (x: Int) mul(y: Int) -> Int {
    var z = Int{}
    z.set_mul(x, y)
    return z
}

// x / y truncated toward zero; a runtime error when y is 0.
fn (x: Int) div(y: Int) -> Int {
    var z = Int{}
    z.set_div(x, y)
    return z
}

// x % y with the sign of x (x - x.div(y) * y); a runtime error when y is 0.
fn (x: Int) rem(y: Int) -> Int {
    var z = Int{}
    z.set_rem(x, y)
    return z
}

// (x.div(y), x.rem(y)) at the cost of one division.
fn (x: Int) divmod(y: Int) -> (Int, Int) {
    var q = Int{}
    var r = Int{}
    q.set_divmod(r, x, y)
    return (q, r)
}

fn (x: Int) neg() -> Int {
    var z = Int{}
    z.set_neg(x)
    return z
}

// x * 2^k; a runtime error when k < 0.
fn (x: Int) shl(k: int) -> Int {
    var z = Int{}
    z.set_shl(x, k)
    return z
}

// x / 2^k rounded toward minus infinity (as >> on a signed integer); a
// runtime error when k < 0.
fn (x: Int) shr(k: int) -> Int {
    var z = Int{}
    z.set_shr(x, k)
    return z
}

// x to the power k (x.pow(0) is 1); a runtime error when k < 0.
fn (x: Int) pow(k: int) -> Int {
    var z = Int{}
    z.set_pow(x, k)
    return z
}

// ---- in-place forms ----

// Room for n limbs in z's storage, keeping its contents when it has
// room already, else new zeroed storage (the old given back). Only for
// a z that no operand still needs to read from.
fn (z: ref Int) big_reserve(n: int) {
    if z.mag.len < n {
        delete(z.mag)
        z.mag = make([]u64, n)
    }
}

// Ends a set_: the length is mag[0:n] normalized and zero is positive.
fn (z: ref Int) big_finish(n: int, neg: bool) {
    z.n = big_norm(z.mag[0:n])
    z.minus = neg && z.n > 0
}

// Puts new storage t holding a result of n limbs in place of z's.
fn (z: ref Int) big_take(t: []u64, n: int, neg: bool) {
    delete(z.mag)
    z.mag = t
    z.big_finish(n, neg)
}

// z's storage is where x's magnitude starts (z is x, or a copy of it).
fn (z: ref Int) big_shares(x: Int) -> bool {
    return x.n > 0 && z.mag.len > 0 && __ref_index(z.mag, x.mag[0]) >= 0
}

// q and r are one place: a mark written through r shows through q.
fn (q: ref Int) big_same_place(r: ref Int) -> bool {
    let saved = r.n
    r.n = -1
    let same = q.n == -1
    r.n = saved
    return same
}

// z = n.
fn (z: ref Int) set_int(n: int) {
    var v = n as u64
    if n < 0 {
        v = 0 - v
    }
    z.big_reserve(1)
    z.mag[0] = v
    z.big_finish(1, n < 0)
}

// z = x, copied into z's storage.
fn (z: ref Int) set(x: Int) {
    if z.big_shares(x) {
        return
    }
    z.big_reserve(x.n)
    copy_into(z.mag[0:x.n], x.big_limbs())
    z.big_finish(x.n, x.minus)
}

// z = -x.
fn (z: ref Int) set_neg(x: Int) {
    let neg = !x.minus
    z.set(x)
    z.minus = neg && z.n > 0
}

// z = x + y.
fn (z: ref Int) set_add(x: Int, y: Int) {
    if x.minus == y.minus {
        z.big_add_abs(x, y, x.minus)
    } else {
        z.big_sub_abs(x, y, x.minus)
    }
}

// z = x - y.
fn (z: ref Int) set_sub(x: Int, y: Int) {
    if x.minus != y.minus {
        z.big_add_abs(x, y, x.minus)
    } else {
        z.big_sub_abs(x, y, x.minus)
    }
}

// z = |x| + |y| with the sign neg. Limbwise in place, so aliasing is
// harmless while z has room; otherwise new storage is filled first.
fn (z: ref Int) big_add_abs(x: Int, y: Int, neg: bool) {
    var a = x.big_limbs()
    var b = y.big_limbs()
    if a.len < b.len {
        let t = a
        a = b
        b = t
    }
    let n = a.len + 1
    if z.mag.len >= n {
        z.mag[a.len] = big_add_vv(z.mag, a, b)
        z.big_finish(n, neg)
        return
    }
    var t = make([]u64, n)
    t[a.len] = big_add_vv(t, a, b)
    z.big_take(t, n, neg)
}

// z = |x| - |y| with the sign neg, or |y| - |x| with the other sign.
fn (z: ref Int) big_sub_abs(x: Int, y: Int, neg: bool) {
    var a = x.big_limbs()
    var b = y.big_limbs()
    var sign = neg
    if big_cmp_mag(a, b) < 0 {
        let t = a
        a = b
        b = t
        sign = !neg
    }
    let n = a.len
    if z.mag.len >= n {
        big_sub_vv(z.mag, a, b)
        z.big_finish(n, sign)
        return
    }
    var t = make([]u64, n)
    big_sub_vv(t, a, b)
    z.big_take(t, n, sign)
}

// z = x * y; z's storage is reused unless it is an operand's (in a
// product by one limb, also when z is that limb's Int or x itself).
fn (z: ref Int) set_mul(x: Int, y: Int) {
    let neg = x.minus != y.minus
    if x.n == 0 || y.n == 0 {
        z.n = 0
        z.minus = false
        return
    }
    if y.n == 1 {
        z.big_mul_limb(x, y.mag[0], neg)
        return
    }
    if x.n == 1 {
        z.big_mul_limb(y, x.mag[0], neg)
        return
    }
    let n = x.n + y.n
    if z.mag.len >= n && !z.big_shares(x) && !z.big_shares(y) {
        big_mul(z.mag[0:n], x.big_limbs(), y.big_limbs())
        z.big_finish(n, neg)
        return
    }
    var t = make([]u64, n)
    big_mul(t, x.big_limbs(), y.big_limbs())
    z.big_take(t, n, neg)
}

// z = x * k with the sign neg, for a one-limb k (GMP's mpz_mul_ui): one
// carry pass, in place when z is x; k is read before z is written, so
// the limb's Int may be z.
fn (z: ref Int) big_mul_limb(x: Int, k: u64, neg: bool) {
    let n = x.n + 1
    let xs = x.big_limbs()
    if z.mag.len >= n && (big_same(z.mag, xs) || !z.big_shares(x)) {
        z.mag[x.n] = big_mul_1(z.mag, xs, k, 0)
        z.big_finish(n, neg)
        return
    }
    var t = make([]u64, n)
    t[x.n] = big_mul_1(t, xs, k, 0)
    z.big_take(t, n, neg)
}

// z = x / y, truncated toward zero.
fn (z: ref Int) set_div(x: Int, y: Int) {
    var r = Int{}
    z.set_divmod(r, x, y)
    r.free()
}

// z = x % y, with the sign of x.
fn (z: ref Int) set_rem(x: Int, y: Int) {
    var q = Int{}
    q.set_divmod(z, x, y)
    q.free()
}

// q = x / y truncated toward zero and r = x % y with the sign of x, as
// Goose's / and %; q and r may be x or y. A runtime error when y is 0
// or q and r are one place.
fn (q: ref Int) set_divmod(r: ref Int, x: Int, y: Int) {
    if y.n == 0 {
        __fail("bigint division by zero")
    }
    if q.big_same_place(r) {
        __fail("bigint set_divmod with the quotient and the remainder in one place")
    }
    let qneg = x.minus != y.minus
    let rneg = x.minus
    if big_cmp_mag(x.big_limbs(), y.big_limbs()) < 0 {
        r.set(x)
        q.n = 0
        q.minus = false
        return
    }
    if big_small_quotient(x.big_limbs(), y.big_limbs()) {
        q.big_divmod_small(r, x, y, qneg, rneg)
        return
    }
    // Quotient and remainder go to new storage unless q and r own
    // storage no operand reads; x and y are read to the end.
    let qn = x.n - y.n + 1
    var qt = q.mag
    if q.mag.len < qn || q.big_shares(x) || q.big_shares(y) {
        qt = make([]u64, qn)
    }
    var rt = r.mag
    if r.mag.len < y.n || r.big_shares(x) || r.big_shares(y) {
        rt = make([]u64, y.n)
    }
    big_divmod_mag(qt, rt, x.big_limbs(), y.big_limbs())
    if big_same(qt, q.mag) {
        q.big_finish(qn, qneg)
    } else {
        q.big_take(qt, qn, qneg)
    }
    if big_same(rt, r.mag) {
        r.big_finish(y.n, rneg)
    } else {
        r.big_take(rt, y.n, rneg)
    }
}

// set_divmod for a quotient below 2^31 (big_small_quotient): the
// remainder is formed in r's storage, in place when r is x, else new
// storage when r is short or shares y; the quotient is written last, so
// q may be x or y.
fn (q: ref Int) big_divmod_small(r: ref Int, x: Int, y: Int, qneg: bool, rneg: bool) {
    let xs = x.big_limbs()
    var rt = r.mag
    if r.mag.len < x.n || r.big_shares(y) || (r.big_shares(x) && !big_same(r.mag, xs)) {
        rt = make([]u64, x.n)
    }
    let qd = big_divmod_small(rt, xs, y.big_limbs())
    if big_same(rt, r.mag) {
        r.big_finish(x.n, rneg)
    } else {
        r.big_take(rt, x.n, rneg)
    }
    q.big_reserve(1)
    q.mag[0] = qd
    q.big_finish(1, qneg)
}

// z = x * 2^k.
fn (z: ref Int) set_shl(x: Int, k: int) {
    if k < 0 {
        __fail(format("bigint shift by a negative count {}", k))
    }
    if x.n == 0 {
        z.n = 0
        z.minus = false
        return
    }
    let w = k / 64
    let n = x.n + w + 1
    let neg = x.minus
    var t = z.mag
    if z.mag.len < n {
        t = make([]u64, n)
    }
    // From the top down, so that x may be z.
    t[n - 1] = big_shl_bits(t[w:n - 1], x.big_limbs(), k % 64)
    defaults(t[0:w])
    if big_same(t, z.mag) {
        z.big_finish(n, neg)
    } else {
        z.big_take(t, n, neg)
    }
}

// z = x / 2^k rounded toward minus infinity.
fn (z: ref Int) set_shr(x: Int, k: int) {
    if k < 0 {
        __fail(format("bigint shift by a negative count {}", k))
    }
    let w = k / 64
    if w >= x.n {
        if x.minus {
            z.set_int(-1)
        } else {
            z.n = 0
            z.minus = false
        }
        return
    }
    let neg = x.minus
    let xs = x.big_limbs()
    // A negative x whose dropped bits are not all zero rounds away from
    // zero in magnitude: one more is added after the shift.
    var inexact = false
    if neg {
        inexact = big_norm(xs[0:w]) > 0 || (xs[w] & ((1_u64 << (k % 64)) - 1)) != 0
    }
    let n = x.n - w
    var t = z.mag
    if z.mag.len < n + 1 {
        t = make([]u64, n + 1)
    }
    // From the bottom up, so that x may be z.
    big_shr_bits(t, xs[w:x.n], k % 64)
    t[n] = 0
    if inexact {
        big_inc(t[0:n + 1])
    }
    if big_same(t, z.mag) {
        z.big_finish(n + 1, neg)
    } else {
        z.big_take(t, n + 1, neg)
    }
}

// x += 1 with the carry rippling up; x must have room.
fn big_inc(x: []u64) {
    for i in 0..x.len {
        x[i] += 1
        if x[i] != 0 {
            return
        }
    }
}

// z = x^k by repeated squaring, from the top bit of k down.
fn (z: ref Int) set_pow(x: Int, k: int) {
    if k < 0 {
        __fail(format("bigint power with a negative exponent {}", k))
    }
    var acc = from_int(1)
    var b = 62
    while b >= 0 && (k >> b) & 1 == 0 {
        b -= 1
    }
    while b >= 0 {
        acc.set_mul(acc, acc)
        if (k >> b) & 1 == 1 {
            acc.set_mul(acc, x)
        }
        b -= 1
    }
    z.free()
    z.mag = acc.mag
    z.n = acc.n
    z.minus = acc.minus
}
