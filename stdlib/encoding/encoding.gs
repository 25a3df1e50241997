// encoding.gs — bytes as text: base64 (RFC 4648's standard alphabet, with
// padding) and hexadecimal. Encoders return a new owned string; decoders a
// new owned []u8, or an encoding.Error naming the first byte of the input
// where it went wrong (scanning left to right).
//
// base64_decode accepts exactly what CPython's
// base64.b64decode(s, validate=True) accepts (binascii.a2b_base64 in strict
// mode): only alphabet characters, then the padding that completes the last
// group (`xx==`, `xxx=`); no whitespace, no data after the padding, no
// padding at the start. Like Python it ignores the unused low bits of the
// last character (`QR==` decodes as `QQ==`), and, like Python, it accepts
// extra `=` after a complete group (`QUJD=` is `ABC`). The tests compare
// against Python itself (tests/stdlib/encoding).
// hex_decode takes digits in either case, two per byte, nothing else.
// Not for: URL-safe or unpadded base64, MIME line breaks, streaming.

struct Error {
    msg: string // what went wrong and where
    offset: int // the byte of the input where it went wrong
}

const ENC_B64_ALPHABET: string = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
const ENC_HEX_DIGITS: string = "0123456789abcdef"
const ENC_BAD: u8 = 255 // not a digit, in the decode tables

var enc_b64_enc: [64]u8 = enc_table64(ENC_B64_ALPHABET)
var enc_b64_dec: [256]u8 = enc_inverse(ENC_B64_ALPHABET)
var enc_hex_enc: [16]u8 = enc_table16(ENC_HEX_DIGITS)
var enc_hex_dec: [256]u8 = enc_hex_inverse()

fn enc_table64(digits: string) -> [64]u8 {
    var t: [64]u8
    for i in 0..64 {
        t[i] = digits[i]
    }
    return t
}

fn enc_table16(digits: string) -> [16]u8 {
    var t: [16]u8
    for i in 0..16 {
        t[i] = digits[i]
    }
    return t
}

// byte -> its digit's value, ENC_BAD for a byte that is no digit.
fn enc_inverse(digits: string) -> [256]u8 {
    var t = [ENC_BAD; 256]
    for i in 0..digits.len {
        t[digits[i]] = i as u8
    }
    return t
}

fn enc_hex_inverse() -> [256]u8 {
    var t = enc_inverse(ENC_HEX_DIGITS)
    for i in 0..6 {
        t[65 + i] = (10 + i) as u8 // A-F
    }
    return t
}

// "character 'x'" for a printable ASCII byte, "byte 0x0a" otherwise.
fn enc_show(c: u8) -> string {
    if c >= 32 && c < 127 {
        return format("character '{:c}'", c)
    }
    return format("byte 0x{:02x}", c)
}

fn enc_error(what: string, offset: int) -> Error {
    return Error{msg: format("{} at offset {}", what, offset), offset: offset}
}

// The byte at offset cannot appear in the text.
fn enc_invalid(s: string, offset: int) -> Error {
    let shown = enc_show(s[offset])
    let e = Error{msg: format("invalid {} at offset {}", shown, offset), offset: offset}
    delete(shown)
    return e
}

// ---- base64 ----

// data as base64 with padding: 4 characters for every 3 bytes, the last
// group padded with `=`. A new owned string.
fn base64_encode(data: []u8) -> string {
    let n = data.len
    let groups = n / 3
    var out = make([]u8, (n + 2) / 3 * 4)
    // views of one group on each side: one slice check each, constant
    // indices inside (the C compiler sees their length)
    for g in 0..groups {
        let q = data[3 * g:3 * g + 3]
        let o = out[4 * g:4 * g + 4]
        let v = (q[0] as u32) << 16 | (q[1] as u32) << 8 | q[2] as u32
        o[0] = enc_b64_enc[v >> 18]
        o[1] = enc_b64_enc[(v >> 12) & 63]
        o[2] = enc_b64_enc[(v >> 6) & 63]
        o[3] = enc_b64_enc[v & 63]
    }
    let rest = n - 3 * groups
    if rest > 0 {
        var v = (data[3 * groups] as u32) << 16
        if rest == 2 {
            v |= (data[3 * groups + 1] as u32) << 8
        }
        let o = out[4 * groups:4 * groups + 4]
        o[0] = enc_b64_enc[v >> 18]
        o[1] = enc_b64_enc[(v >> 12) & 63]
        o[2] = 61 // '='
        if rest == 2 {
            o[2] = enc_b64_enc[(v >> 6) & 63]
        }
        o[3] = 61
    }
    return __str_take(out)
}

// The bytes base64 text s stands for (see the header for what is
// accepted). A new owned slice; on a failure, the empty slice and the
// error, whose offset is the first byte of s that cannot be right.
// One pass: whole groups decode until one holds a byte outside the
// alphabet ('=' included); what follows is checked by enc_b64_tail.
fn base64_decode(s: string) -> ([]u8, ?Error) {
    let groups = s.len / 4
    var out = make([]u8, (s.len + 3) / 4 * 3)
    var g = 0
    while g < groups {
        let q = s[4 * g:4 * g + 4]
        let a = enc_b64_dec[q[0]]
        let b = enc_b64_dec[q[1]]
        let c = enc_b64_dec[q[2]]
        let d = enc_b64_dec[q[3]]
        if (a | b | c | d) >= 64 {
            break
        }
        let o = out[3 * g:3 * g + 3]
        o[0] = a << 2 | b >> 4
        o[1] = b << 4 | c >> 2
        o[2] = c << 6 | d
        g += 1
    }
    var p = 4 * g // then fewer than 4 data characters before a non-alphabet byte
    while p < s.len && enc_b64_dec[s[p]] != ENC_BAD {
        p += 1
    }
    let bad = enc_b64_tail(s, p)
    if bad != none {
        delete(out)
        return ([]u8{}, bad)
    }
    var n = 3 * g
    if p - 4 * g >= 2 { // a last group of 2 or 3: 1 or 2 bytes, unused low bits dropped
        let a = enc_b64_dec[s[4 * g]] as u32
        let b = enc_b64_dec[s[4 * g + 1]] as u32
        var c: u32 = 0
        if p - 4 * g == 3 {
            c = enc_b64_dec[s[4 * g + 2]] as u32
        }
        let v = a << 18 | b << 12 | c << 6
        out[n] = (v >> 16) as u8
        out[n + 1] = (v >> 8) as u8
        n += p - 4 * g - 1
    }
    while out.len > n { // an owned result of the exact length
        out.pop()
    }
    return (out, none)
}

// Checks what follows the p data characters of s: the padding that ends
// their last group, and nothing after it.
fn enc_b64_tail(s: string, p: int) -> ?Error {
    let q = p % 4
    if p == s.len {
        return enc_b64_end(q, p)
    }
    if s[p] != 61 {
        return enc_invalid(s, p)
    }
    if p == 0 {
        return enc_error("padding before any data", 0)
    }
    var j = p
    while j < s.len && s[j] == 61 {
        j += 1
    }
    let need = (4 - q) % 4 // the `=` that end the last group
    if q >= 2 && j - p >= need {
        if p + need < s.len {
            return enc_error("data after the padding", p + need)
        }
        return none
    }
    if j < s.len {
        if enc_b64_dec[s[j]] != ENC_BAD {
            return enc_error("data after the padding", j)
        }
        return enc_invalid(s, j)
    }
    return enc_b64_end(q, p)
}

// Input ends after p data characters, with no padding to complete them.
fn enc_b64_end(q: int, p: int) -> ?Error {
    if q == 1 {
        return enc_error("a lone base64 character (a group needs 2 to 4)", p - 1)
    }
    if q != 0 {
        return enc_error("missing padding for the group", p - q)
    }
    return none
}

// ---- hexadecimal ----

// Two lower-case hexadecimal digits for each byte. A new owned string.
fn hex_encode(data: []u8) -> string {
    let n = data.len
    var out = make([]u8, 2 * n)
    // 8 bytes at a time through fixed arrays: one slice check per side
    var inb: [8]u8
    var outb: [16]u8
    let blocks = n / 8
    for k in 0..blocks {
        copy_into(inb, data[8 * k:8 * k + 8])
        for i in 0..8 {
            outb[2 * i] = enc_hex_enc[inb[i] >> 4]
            outb[2 * i + 1] = enc_hex_enc[inb[i] & 15]
        }
        copy_into(out[16 * k:16 * k + 16], outb)
    }
    for i in 8 * blocks..n {
        out[2 * i] = enc_hex_enc[data[i] >> 4]
        out[2 * i + 1] = enc_hex_enc[data[i] & 15]
    }
    return __str_take(out)
}

// The bytes of hexadecimal text s (digits in either case, two per byte).
// A new owned slice; on a failure, the empty slice and the error: the
// first byte that is not a digit, else (odd length) the last digit.
fn hex_decode(s: string) -> ([]u8, ?Error) {
    var out = make([]u8, s.len / 2)
    for k in 0..out.len {
        let q = s[2 * k:2 * k + 2]
        let hi = enc_hex_dec[q[0]]
        let lo = enc_hex_dec[q[1]]
        if (hi | lo) >= 16 {
            delete(out)
            var at = 2 * k
            if hi != ENC_BAD {
                at += 1
            }
            return ([]u8{}, enc_invalid(s, at))
        }
        out[k] = hi << 4 | lo
    }
    if s.len % 2 == 1 {
        delete(out)
        let at = s.len - 1
        if enc_hex_dec[s[at]] == ENC_BAD {
            return ([]u8{}, enc_invalid(s, at))
        }
        return ([]u8{}, enc_error("odd number of digits: the last has no pair", at))
    }
    return (out, none)
}
