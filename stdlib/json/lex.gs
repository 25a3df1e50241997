// lex.gs — the byte-level scanner the tree parser (parse.gs) and the
// streaming Reader (reader.gs) share: whitespace, literals, numbers and
// strings of RFC 8259, and the first error with its byte offset.
//
// Strings are checked as they are scanned: no raw byte below 0x20, only
// the escapes of the RFC, \u surrogates only in high-low pairs, and the
// raw bytes valid UTF-8 (no overlong forms, no encoded surrogates, nothing
// above U+10FFFF). A string without escapes stays a range of the input;
// one with escapes is decoded into the scratch buffer buf.
// Not for: building values (parse.gs) or tokens (reader.gs).

const LEX_STR_ERR: int = 0   // Lexer.string failed (err is set)
const LEX_STR_PLAIN: int = 1 // the string is src[sa:sb], as is
const LEX_STR_BUF: int = 2   // the decoded string is buf

struct Lexer {
    src: string
    pos: int
    buf: []u8
    sa: int
    sb: int
    failed: bool
    err: Error
}

// Exact powers of ten for the fast path of numbers (Clinger's).
var lex_p10: [23]f64 = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
    1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22]

// lex_plain[c]: c may stand in a string as it is and needs no second look
// (printable ASCII other than '"' and '\\'); the scanning loops run on it.
var lex_plain: [256]bool = lex_make_plain()

fn lex_make_plain() -> [256]bool {
    var t: [256]bool
    for c in 0x20..0x80 {
        t[c] = c != '"' as int && c != '\\' as int
    }
    return t
}

// Records the first failure: msg followed by " at offset N".
fn (l: ref Lexer) fail(msg: string, at: int) {
    if !l.failed {
        l.failed = true
        l.err = Error{msg: format("{} at offset {}", msg, at), offset: at}
    }
}

// fail with a message built for it, which it then deletes.
fn (l: ref Lexer) fail_own(msg: string, at: int) {
    l.fail(msg, at)
    delete(msg)
}

// c as an error message shows it: 'x' when printable, else its code.
fn lex_char_name(c: u8) -> string {
    if c > 0x20 && c < 0x7f {
        return format("'{:c}'", c)
    }
    return format("byte 0x{:02x}", c)
}

// An invalid character at src[at] (or the end of the input there) where
// what was expected.
fn (l: ref Lexer) fail_char(at: int, what: string) {
    if at >= l.src.len {
        l.fail_own(format("unexpected end of input, expected {}", what), at)
        return
    }
    let name = lex_char_name(l.src[at])
    l.fail_own(format("invalid character {}, expected {}", name, what), at)
    delete(name)
}

// A raw control character in a string at src[at] (RFC 8259: escape it).
fn (l: ref Lexer) fail_control(at: int) {
    let name = lex_char_name(l.src[at])
    l.fail_own(format("unescaped control character {} in string", name), at)
    delete(name)
}

inline fn lex_is_ws(c: u8) -> bool {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t'
}

fn (l: ref Lexer) skip_ws() {
    let s = l.src
    var i = l.pos
    while i < s.len && lex_is_ws(s[i]) {
        i += 1
    }
    l.pos = i
}

// The byte at pos, or 0 at the end of the input (a 0 byte is never valid
// where peek is asked, so fail_char tells the two apart by position).
inline fn (l: ref Lexer) peek() -> u8 {
    if l.pos < l.src.len {
        return l.src[l.pos]
    }
    return 0
}

// Scans the literal word (true, false, null) at pos.
fn (l: ref Lexer) word(w: string) -> bool {
    let s = l.src
    let i = l.pos
    for k in 0..w.len {
        if i + k >= s.len || s[i + k] != w[k] {
            let what = format("'{:c}' of {}", w[k], w)
            l.fail_char(i + k, what)
            delete(what)
            return false
        }
    }
    l.pos = i + w.len
    return true
}

inline fn lex_is_digit(c: u8) -> bool {
    return c >= '0' && c <= '9'
}

// Scans the number at pos (a '-' or a digit) and returns its value,
// correctly rounded. A significand up to 2^53 with a decimal exponent
// within 22 is exact in f64 and needs one multiplication or division
// (Clinger's fast path); an integer of up to 19 digits one conversion;
// anything else goes to parse_f64 (strtod). Too large for f64 is an error.
fn (l: ref Lexer) number() -> f64 {
    let s = l.src
    let n = s.len
    let start = l.pos
    var i = start
    var neg = false
    if s[i] == '-' {
        neg = true
        i += 1
    }
    var m: u64 = 0
    var nd = 0       // significant digits in m
    var many = false // more than 19 significant digits: the slow path
    var e = 0        // the decimal exponent of m
    if i < n && s[i] == '0' {
        i += 1
    } else if i < n && s[i] >= '1' && s[i] <= '9' {
        while i < n && lex_is_digit(s[i]) {
            if nd < 19 {
                m = m * 10 + (s[i] - '0') as u64
                nd += 1
            } else {
                many = true
            }
            i += 1
        }
    } else {
        l.fail_char(i, "digit")
        return 0.0
    }
    if i < n && s[i] == '.' {
        i += 1
        let fs = i
        while i < n && lex_is_digit(s[i]) {
            let d = s[i] - '0'
            if nd < 19 {
                if m != 0 || d != 0 {
                    m = m * 10 + d as u64
                    nd += 1
                }
                e -= 1
            } else {
                many = true
            }
            i += 1
        }
        if i == fs {
            l.fail_char(i, "digit after '.'")
            return 0.0
        }
    }
    if i < n && (s[i] == 'e' || s[i] == 'E') {
        i += 1
        var eneg = false
        if i < n && (s[i] == '+' || s[i] == '-') {
            eneg = s[i] == '-'
            i += 1
        }
        let es = i
        var ev = 0
        while i < n && lex_is_digit(s[i]) {
            if ev < 100000 {
                ev = ev * 10 + (s[i] - '0') as int
            }
            i += 1
        }
        if i == es {
            l.fail_char(i, "digit in exponent")
            return 0.0
        }
        if eneg {
            e -= ev
        } else {
            e += ev
        }
    }
    l.pos = i
    if !many && m <= 9007199254740992 {
        if m == 0 {
            if neg {
                return -0.0
            }
            return 0.0
        }
        if e >= -22 && e <= 22 {
            var f = m as f64
            if e >= 0 {
                f *= lex_p10[e]
            } else {
                f /= lex_p10[-e]
            }
            if neg {
                return -f
            }
            return f
        }
    }
    if !many && e == 0 {
        // an integer of up to 19 digits: one correctly rounded conversion
        if neg {
            return -(m as f64)
        }
        return m as f64
    }
    match parse_f64(s[start:i]) {
        some(f) => return f
        none => {
            l.fail("number out of range", start)
            return 0.0
        }
    }
}

// The value of hex digit c, or -1.
inline fn lex_hex(c: u8) -> int {
    if c >= '0' && c <= '9' {
        return (c - '0') as int
    }
    let lc = c | 0x20
    if lc >= 'a' && lc <= 'f' {
        return (lc - 'a') as int + 10
    }
    return -1
}

// The length of the valid UTF-8 sequence that starts at s[i] (a byte
// from 0x80), or 0 when it is not one.
fn lex_utf8_len(s: string, i: int) -> int {
    let n = s.len
    let c = s[i]
    if c < 0xC2 || c > 0xF4 {
        return 0
    }
    if c < 0xE0 {
        if i + 1 < n && s[i + 1] & 0xC0 == 0x80 {
            return 2
        }
        return 0
    }
    var lo: u8 = 0x80
    var hi: u8 = 0xBF
    if c == 0xE0 {
        lo = 0xA0
    } else if c == 0xED {
        hi = 0x9F
    } else if c == 0xF0 {
        lo = 0x90
    } else if c == 0xF4 {
        hi = 0x8F
    }
    var k = 4
    if c < 0xF0 {
        k = 3
    }
    if i + k > n {
        return 0
    }
    let c1 = s[i + 1]
    if c1 < lo || c1 > hi {
        return 0
    }
    for j in 2..k {
        if s[i + j] & 0xC0 != 0x80 {
            return 0
        }
    }
    return k
}

// Appends code point cp to buf as UTF-8.
fn lex_put_utf8(buf: ref []u8, cp: int) {
    if cp < 0x80 {
        buf.push(cp as u8)
    } else if cp < 0x800 {
        buf.push((0xC0 | (cp >> 6)) as u8)
        buf.push((0x80 | (cp & 0x3F)) as u8)
    } else if cp < 0x10000 {
        buf.push((0xE0 | (cp >> 12)) as u8)
        buf.push((0x80 | ((cp >> 6) & 0x3F)) as u8)
        buf.push((0x80 | (cp & 0x3F)) as u8)
    } else {
        buf.push((0xF0 | (cp >> 18)) as u8)
        buf.push((0x80 | ((cp >> 12) & 0x3F)) as u8)
        buf.push((0x80 | ((cp >> 6) & 0x3F)) as u8)
        buf.push((0x80 | (cp & 0x3F)) as u8)
    }
}

// The four hex digits at src[i..i+4] as a number, or -1 (err set).
fn (l: ref Lexer) hex4(i: int) -> int {
    let s = l.src
    var v = 0
    for k in 0..4 {
        if i + k >= s.len {
            l.fail_char(i + k, "hex digit")
            return -1
        }
        let h = lex_hex(s[i + k])
        if h < 0 {
            l.fail_char(i + k, "hex digit")
            return -1
        }
        v = v * 16 + h
    }
    return v
}

// Decodes the escape at src[i] (a backslash) into buf; the index after
// it, or -1 (err set).
fn (l: ref Lexer) escape(i: int) -> int {
    let s = l.src
    if i + 1 >= s.len {
        l.fail_char(i + 1, "escape")
        return -1
    }
    let c = s[i + 1]
    match c {
        '"' | '\\' | '/' => l.buf.push(c)
        'b' => l.buf.push(0x08)
        'f' => l.buf.push(0x0C)
        'n' => l.buf.push('\n')
        'r' => l.buf.push('\r')
        't' => l.buf.push('\t')
        'u' => return l.escape_u(i)
        _ => {
            let name = lex_char_name(c)
            l.fail_own(format("invalid escape character {} after '\\'", name), i)
            delete(name)
            return -1
        }
    }
    return i + 2
}

// Decodes \uXXXX at src[i], with its low half when it is a high
// surrogate; a lone surrogate is an error.
fn (l: ref Lexer) escape_u(i: int) -> int {
    let s = l.src
    let cp = l.hex4(i + 2)
    if cp < 0 {
        return -1
    }
    if cp >= 0xDC00 && cp <= 0xDFFF {
        l.fail("lone low surrogate in \\u escape", i)
        return -1
    }
    if cp < 0xD800 || cp > 0xDBFF {
        lex_put_utf8(l.buf, cp)
        return i + 6
    }
    let j = i + 6
    if j + 1 >= s.len || s[j] != '\\' || s[j + 1] != 'u' {
        l.fail("lone high surrogate in \\u escape", i)
        return -1
    }
    let lo = l.hex4(j + 2)
    if lo < 0 {
        return -1
    }
    if lo < 0xDC00 || lo > 0xDFFF {
        l.fail("lone high surrogate in \\u escape", i)
        return -1
    }
    lex_put_utf8(l.buf, 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00))
    return j + 6
}

// Scans the string whose opening quote is at pos; pos goes past its
// closing quote. LEX_STR_PLAIN: the string is src[sa:sb]; LEX_STR_BUF:
// it had escapes and buf holds it decoded; LEX_STR_ERR: err is set.
fn (l: ref Lexer) string() -> int {
    let s = l.src
    let n = s.len
    let start = l.pos + 1
    var i = start
    while true {
        while i < n && lex_plain[s[i]] {
            i += 1
        }
        if i >= n {
            break
        }
        let c = s[i]
        if c == '"' {
            l.sa = start
            l.sb = i
            l.pos = i + 1
            return LEX_STR_PLAIN
        }
        if c == '\\' {
            l.buf.clear()
            __append_str(l.buf, s[start:i])
            return l.string_escaped(i)
        }
        if c < 0x20 {
            l.fail_control(i)
            return LEX_STR_ERR
        }
        if c < 0x80 {
            i += 1
        } else {
            let k = lex_utf8_len(s, i)
            if k == 0 {
                l.fail("invalid UTF-8 in string", i)
                return LEX_STR_ERR
            }
            i += k
        }
    }
    l.fail("unexpected end of input in string", n)
    return LEX_STR_ERR
}

// The rest of a string from its first escape at src[i], decoded into buf.
fn (l: ref Lexer) string_escaped(from: int) -> int {
    let s = l.src
    let n = s.len
    var i = from
    while i < n {
        let c = s[i]
        if lex_plain[c] {
            let run = i
            while i < n && lex_plain[s[i]] {
                i += 1
            }
            __append_str(l.buf, s[run:i])
            continue
        }
        if c == '"' {
            l.pos = i + 1
            return LEX_STR_BUF
        }
        if c == '\\' {
            i = l.escape(i)
            if i < 0 {
                return LEX_STR_ERR
            }
        } else if c < 0x20 {
            l.fail_control(i)
            return LEX_STR_ERR
        } else if c < 0x80 {
            l.buf.push(c)
            i += 1
        } else {
            let k = lex_utf8_len(s, i)
            if k == 0 {
                l.fail("invalid UTF-8 in string", i)
                return LEX_STR_ERR
            }
            __append_str(l.buf, s[i:i + k])
            i += k
        }
    }
    l.fail("unexpected end of input in string", n)
    return LEX_STR_ERR
}
