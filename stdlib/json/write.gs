// write.gs — json.to_string: a Value as compact JSON text (no spaces,
// object members in their order). Numbers are written as JavaScript's
// String(n): the shortest digits that read back (fmt_f64's shortest
// form), in plain decimal for magnitudes in [1e-6, 1e21) and in exponent
// form (1e-7, 1.5e+21) outside; -0 as 0; NaN and infinities as null.
// Strings escape '"', '\\', \n \r \t \b \f, other bytes below 0x20 as
// \u00xx (lower case hex), and keep every other byte as it is.
// Not for: pretty printing.
import "strings"

const WRITE_HEX: string = "0123456789abcdef"

// v as compact JSON text, a new string.
fn to_string(v: Value) -> string {
    var out: []u8
    write_value(out, v)
    return __str_take(out)
}

// Appends v as compact JSON text to b.
fn write(b: ref strings.Builder, v: Value) {
    write_value(b.buf, v)
    b.len = b.buf.len
}

// Appends v as compact JSON text to out.
fn write_value(out: ref []u8, v: Value) {
    match v {
        Null => write_str(out, "null")
        Bool(b) => {
            if b {
                write_str(out, "true")
            } else {
                write_str(out, "false")
            }
        }
        Num(n) => write_num(out, n)
        Str(s) => write_quoted(out, s)
        Arr(items) => {
            out.push('[')
            for i, x in items {
                if i > 0 {
                    out.push(',')
                }
                write_value(out, x)
            }
            out.push(']')
        }
        Obj(keys, vals) => {
            out.push('{')
            for i, x in vals {
                if i > 0 {
                    out.push(',')
                }
                write_quoted(out, keys[i])
                out.push(':')
                write_value(out, x)
            }
            out.push('}')
        }
    }
}

inline fn write_str(out: ref []u8, s: string) {
    __append_str(out, s)
}

inline fn write_plain(c: u8) -> bool {
    return c >= 0x20 && c != '"' && c != '\\'
}

// s as a JSON string, quoted and escaped.
fn write_quoted(out: ref []u8, s: string) {
    out.push('"')
    var i = 0
    while i < s.len {
        let start = i
        while i < s.len && write_plain(s[i]) {
            i += 1
        }
        if i > start {
            __append_str(out, s[start:i])
            if i == s.len {
                break
            }
        }
        let c = s[i]
        i += 1
        out.push('\\')
        match c {
            '"' => out.push('"')
            '\\' => out.push('\\')
            '\n' => out.push('n')
            '\r' => out.push('r')
            '\t' => out.push('t')
            0x08 => out.push('b')
            0x0C => out.push('f')
            _ => {
                write_str(out, "u00")
                out.push(WRITE_HEX[c >> 4])
                out.push(WRITE_HEX[c & 15])
            }
        }
    }
    out.push('"')
}

// The decimal digits of k (>= 0).
fn write_uint(out: ref []u8, k: u64) {
    var d: [20]u8
    var n = 0
    var x = k
    while true {
        d[n] = (x % 10) as u8 + '0'
        n += 1
        x /= 10
        if x == 0 {
            break
        }
    }
    while n > 0 {
        n -= 1
        out.push(d[n])
    }
}

// x as JavaScript's String(x) writes it (null when not finite).
fn write_num(out: ref []u8, x: f64) {
    if x - x != 0.0 {
        write_str(out, "null")
        return
    }
    if x == 0.0 {
        out.push('0')
        return
    }
    var a = x
    if x < 0.0 {
        out.push('-')
        a = -x
    }
    // Integers below 2^53 are their own shortest digits.
    if a < 9007199254740992.0 && (a as i64) as f64 == a {
        write_uint(out, a as u64)
        return
    }
    if write_short_fixed(out, a) {
        return
    }
    let fixed = fmt_f64(a, -1)
    write_shortest(out, fixed)
    delete(fixed)
}

// The fast path of write_num for a positive non-integer a in [1e-6, 1e15)
// whose shortest form has at most 15 significant digits (most numbers
// people write): the fewest decimals k such that m = round(a * 10^k)
// reads back as a (m / 10^k == a: both exact, so the division is the
// correctly rounded value of the decimal m * 10^-k, which is what a
// reader gives). Up to 15 digits such an m is unique (DBL_DIG), and
// a * 10^k is within 0.2 of it, so the first k that reads back is the
// shortest form fmt_f64(a, -1) finds; anything else returns false and
// leaves out alone. No allocation.
fn write_short_fixed(out: ref []u8, a: f64) -> bool {
    if a < 0.000001 || a >= 1e15 {
        return false
    }
    var p = 1.0
    for k in 1..23 {
        p *= 10.0
        let r = math_round(a * p)
        if r >= 1e15 {
            return false
        }
        if r / p == a {
            write_fixed_digits(out, r as u64, k)
            return true
        }
    }
    return false
}

// m (> 0) with a decimal point k (> 0) digits from its right, in plain
// decimal ("0.00123" when m has k digits or fewer).
fn write_fixed_digits(out: ref []u8, m: u64, k: int) {
    var d: [24]u8
    var n = 0
    var x = m
    while x > 0 {
        d[n] = (x % 10) as u8 + '0'
        n += 1
        x /= 10
    }
    if n <= k {
        write_str(out, "0.")
        for _ in 0..k - n {
            out.push('0')
        }
        while n > 0 {
            n -= 1
            out.push(d[n])
        }
        return
    }
    while n > k {
        n -= 1
        out.push(d[n])
    }
    out.push('.')
    while n > 0 {
        n -= 1
        out.push(d[n])
    }
}

// Half away from zero, as math.round, for a >= 0 below 2^52.
inline fn math_round(a: f64) -> f64 {
    let t = (a + 0.5) as i64
    return t as f64
}

// Rewrites fmt_f64's shortest fixed form of a positive finite number as
// JavaScript does: digits d1..dk with the point after n of them
// (value 0.d1..dk x 10^n).
fn write_shortest(out: ref []u8, fixed: string) {
    var dot = fixed.len
    for i in 0..fixed.len {
        if fixed[i] == '.' {
            dot = i
            break
        }
    }
    var digits: []u8
    var n = dot
    if dot == 1 && fixed[0] == '0' {
        var z = dot + 1
        while z < fixed.len && fixed[z] == '0' {
            z += 1
        }
        n = dot + 1 - z
        for i in z..fixed.len {
            digits.push(fixed[i])
        }
    } else {
        for i in 0..fixed.len {
            if i != dot {
                digits.push(fixed[i])
            }
        }
    }
    while digits.len > 1 && digits[digits.len - 1] == '0' {
        digits.pop()
    }
    write_js_digits(out, digits, n)
    delete(digits)
}

// The digits d (no trailing zeros) with decimal exponent n, by the rules
// of ECMAScript's Number::toString.
fn write_js_digits(out: ref []u8, d: []u8, n: int) {
    let k = d.len
    if k <= n && n <= 21 {
        for c in d {
            out.push(c)
        }
        for _ in 0..n - k {
            out.push('0')
        }
    } else if 0 < n && n <= 21 {
        for i in 0..n {
            out.push(d[i])
        }
        out.push('.')
        for i in n..k {
            out.push(d[i])
        }
    } else if -6 < n && n <= 0 {
        write_str(out, "0.")
        for _ in 0..-n {
            out.push('0')
        }
        for c in d {
            out.push(c)
        }
    } else {
        out.push(d[0])
        if k > 1 {
            out.push('.')
            for i in 1..k {
                out.push(d[i])
            }
        }
        out.push('e')
        let e = n - 1
        if e >= 0 {
            out.push('+')
            write_uint(out, e as u64)
        } else {
            out.push('-')
            write_uint(out, (-e) as u64)
        }
    }
}
