// strings.gs — the strings module: searching, splitting, joining and
// changing byte strings, after Go's package of the same name (snake_case
// names). Strings are bytes: case mapping and white space are ASCII's, a
// cutset is a set of bytes. Where an empty separator or pattern makes Go
// step through the text (split, count, replace), the steps are UTF-8
// sequences as Go's (an invalid byte is a step of its own).
//
// Ownership (docs/stdlib.md): a function that makes a string or slice
// returns a new one the caller owns, even when nothing changed; trim* return
// views into s, and split and fields return a new slice of views into s.
// Substring search is the runtime's (SSE2 and memmem, memchr: __str_index
// and friends); the rest is Goose.
// Not for: Unicode-aware text (case folding, grapheme segmentation).

// ---- searching ----

// The byte offset of the first sub in s, or -1 (0 for an empty sub).
fn index(s: string, sub: string) -> int { return __str_index(s, sub) }

// The byte offset of the last sub in s, or -1 (s.len for an empty sub).
fn last_index(s: string, sub: string) -> int { return __str_last_index(s, sub) }

// The offset of the first byte c in s, or -1.
fn index_byte(s: string, c: u8) -> int { return __str_index_byte(s, c) }

fn contains(s: string, sub: string) -> bool { return __str_index(s, sub) >= 0 }

fn has_prefix(s: string, prefix: string) -> bool {
    return s.len >= prefix.len && s[0:prefix.len] == prefix
}

fn has_suffix(s: string, suffix: string) -> bool {
    return s.len >= suffix.len && s[s.len - suffix.len:] == suffix
}

// Non-overlapping occurrences of sub in s; for an empty sub, one more than
// the UTF-8 sequences of s (Go's count).
fn count(s: string, sub: string) -> int {
    if sub.len == 0 {
        return utf8_count(s) + 1
    }
    var n = 0
    var at = 0
    while true {
        let i = __str_index(s[at:], sub)
        if i < 0 {
            return n
        }
        n += 1
        at += i + sub.len
    }
}

// -1, 0 or 1 as a sorts before, equal to or after b (bytewise).
fn compare(a: string, b: string) -> int {
    if a < b {
        return -1
    }
    if a == b {
        return 0
    }
    return 1
}

// ---- UTF-8 steps ----

// The length of the UTF-8 sequence at s[i], as Go decodes it: 1 for an
// ASCII byte and for any byte that does not start a valid sequence.
fn utf8_step(s: string, i: int) -> int {
    let c = s[i]
    if c < 0x80 {
        return 1
    }
    var n = 0
    var lo: u8 = 0x80
    var hi: u8 = 0xBF
    if c >= 0xC2 && c <= 0xDF {
        n = 2
    } else if c == 0xE0 {
        n = 3
        lo = 0xA0
    } else if c >= 0xE1 && c <= 0xEF {
        n = 3
        if c == 0xED {
            hi = 0x9F
        }
    } else if c == 0xF0 {
        n = 4
        lo = 0x90
    } else if c >= 0xF1 && c <= 0xF3 {
        n = 4
    } else if c == 0xF4 {
        n = 4
        hi = 0x8F
    } else {
        return 1
    }
    if i + n > s.len || s[i + 1] < lo || s[i + 1] > hi {
        return 1
    }
    for k in 2..n {
        if s[i + k] < 0x80 || s[i + k] > 0xBF {
            return 1
        }
    }
    return n
}

// The UTF-8 sequences of s (Go's utf8.RuneCountInString).
fn utf8_count(s: string) -> int {
    var n = 0
    var i = 0
    while i < s.len {
        i += utf8_step(s, i)
        n += 1
    }
    return n
}

// ---- splitting and joining ----

// The pieces of s between the seps, as a new slice of views into s:
// split("a,b,", ",") is ["a", "b", ""]; an empty sep splits s into its
// UTF-8 sequences (and "" into none).
fn split(s: string, sep: string) -> []string {
    var out: []string
    if sep.len == 0 {
        var i = 0
        while i < s.len {
            let n = utf8_step(s, i)
            out.push(s[i:i + n])
            i += n
        }
        return out
    }
    var at = 0
    while true {
        let i = __str_index(s[at:], sep)
        if i < 0 {
            break
        }
        out.push(s[at:at + i])
        at += i + sep.len
    }
    out.push(s[at:])
    return out
}

fn is_space(c: u8) -> bool {
    return c == ' ' || (c >= '\t' && c <= '\r')
}

// The runs of s between ASCII white space (space, \t \n \v \f \r), as a
// new slice of views into s; none for a blank s.
fn fields(s: string) -> []string {
    var out: []string
    var i = 0
    while i < s.len {
        while i < s.len && is_space(s[i]) {
            i += 1
        }
        let start = i
        while i < s.len && !is_space(s[i]) {
            i += 1
        }
        if i > start {
            out.push(s[start:i])
        }
    }
    return out
}

// The parts with sep between them, as a new string.
fn join(parts: []string, sep: string) -> string {
    var total = 0
    if parts.len > 0 {
        total = sep.len * (parts.len - 1)
    }
    for p in parts {
        total += p.len
    }
    var buf = make([]u8, 0, total)
    for i, p in parts {
        if i > 0 {
            __append_str(buf, sep)
        }
        __append_str(buf, p)
    }
    return __str_take(buf)
}

// n copies of s, as a new string; a negative n is a runtime error.
fn repeat(s: string, n: int) -> string {
    if n < 0 {
        __fail("strings.repeat: negative count " + to_string(n))
    }
    if s.len > 0 && n > (1 << 62) / s.len {
        __fail("strings.repeat: the result would be too long")
    }
    var buf = make([]u8, 0, s.len * n)
    var k = 0
    while k < n {
        __append_str(buf, s)
        k += 1
    }
    return __str_take(buf)
}

// ---- replacing ----

// s with every old replaced by new, as a new string.
fn replace(s: string, old: string, new: string) -> string {
    return replace_n(s, old, new, -1)
}

// s with the first n olds replaced by new (every one when n < 0), as a new
// string. An empty old matches at the start and after each UTF-8 sequence.
fn replace_n(s: string, old: string, new: string, n: int) -> string {
    var buf: []u8
    var left = n
    var at = 0
    if old.len == 0 {
        while left != 0 && at <= s.len {
            __append_str(buf, new)
            left -= 1
            if at == s.len {
                at += 1
                break
            }
            let k = utf8_step(s, at)
            __append_str(buf, s[at:at + k])
            at += k
        }
        if at < s.len {
            __append_str(buf, s[at:])
        }
        return __str_take(buf)
    }
    while left != 0 {
        let i = __str_index(s[at:], old)
        if i < 0 {
            break
        }
        __append_str(buf, s[at:at + i])
        __append_str(buf, new)
        at += i + old.len
        left -= 1
    }
    __append_str(buf, s[at:])
    return __str_take(buf)
}

// s with ASCII letters in lower case, as a new string.
fn to_lower(s: string) -> string {
    var buf = make([]u8, s.len)
    for i in 0..s.len {
        let c = s[i]
        buf[i] = c
        if c >= 'A' && c <= 'Z' {
            buf[i] = c + 32
        }
    }
    return __str_take(buf)
}

// s with ASCII letters in upper case, as a new string.
fn to_upper(s: string) -> string {
    var buf = make([]u8, s.len)
    for i in 0..s.len {
        let c = s[i]
        buf[i] = c
        if c >= 'a' && c <= 'z' {
            buf[i] = c - 32
        }
    }
    return __str_take(buf)
}

// A new one-byte string.
fn from_byte(c: u8) -> string {
    var buf = make([]u8, 1)
    buf[0] = c
    return __str_take(buf)
}

// ---- trimming (views) ----

fn in_set(c: u8, set: string) -> bool {
    return __str_index_byte(set, c) >= 0
}

// s without the leading and trailing bytes that are in cutset (a view).
fn trim(s: string, cutset: string) -> string {
    return trim_right(trim_left(s, cutset), cutset)
}

// s without its leading bytes that are in cutset (a view).
fn trim_left(s: string, cutset: string) -> string {
    var i = 0
    while i < s.len && in_set(s[i], cutset) {
        i += 1
    }
    return s[i:]
}

// s without its trailing bytes that are in cutset (a view).
fn trim_right(s: string, cutset: string) -> string {
    var j = s.len
    while j > 0 && in_set(s[j - 1], cutset) {
        j -= 1
    }
    return s[0:j]
}

// s without leading and trailing ASCII white space (a view).
fn trim_space(s: string) -> string {
    var i = 0
    var j = s.len
    while i < j && is_space(s[i]) {
        i += 1
    }
    while j > i && is_space(s[j - 1]) {
        j -= 1
    }
    return s[i:j]
}
