// parse.gs — the regex parser: RE2 syntax to a tree of ReNode in an arena
// (ReParser.nodes; a concatenation's or alternation's children are a run
// of ReParser.kids), with every byte set (literal, class, `.`) stored once
// as 256 booleans in ReParser.tab, which the compiled program keeps.
//
// Bytes semantics: the pattern and the input are byte strings and every
// byte is one character. A byte from 0x80 in the pattern is a literal
// byte; `.` and negated classes match any byte (bar `\n` for `.`); `(?i)`
// folds ASCII letters only; `\d \w \s \b` are ASCII (`\s` is RE2's
// `[\t\n\f\r ]`). A multi-byte UTF-8 character in a class adds its bytes
// one by one.
// Not for: Unicode classes (`\pL`), backreferences, look-around (errors).

const RE_EMPTY: u8 = 0  // matches the empty string
const RE_LIT: u8 = 1    // one byte of the set a
const RE_ASSERT: u8 = 2 // an empty-width assertion, kind a (RE_AT_*)
const RE_CAT: u8 = 3    // kids[x : x + n] in sequence
const RE_ALT: u8 = 4    // kids[x : x + n], the first that matches wins
const RE_REP: u8 = 5    // node x from a to b times (b = -1: no bound); n: the operator's offset
const RE_GROUP: u8 = 6  // node x as capture group a

const RE_AT_BEGIN_TEXT: int = 0
const RE_AT_END_TEXT: int = 1
const RE_AT_BEGIN_LINE: int = 2
const RE_AT_END_LINE: int = 3
const RE_AT_WORD: int = 4
const RE_AT_NOT_WORD: int = 5

const RE_FOLD: int = 1     // (?i)
const RE_MULTI: int = 2    // (?m): ^ and $ at lines
const RE_DOTNL: int = 4    // (?s): . matches \n
const RE_UNGREEDY: int = 8 // (?U): greedy and lazy swap

const RE_MAX_REPEAT: int = 1000
const RE_MAX_DEPTH: int = 1000

struct ReNode {
    kind: u8
    greedy: bool
    a: int
    b: int
    x: int
    n: int
    pos: int // the node's first byte in the pattern
}

struct ReParser {
    pat: string
    pos: int
    flags: int
    depth: int
    nodes: []ReNode
    kids: []int
    tab: []bool   // 256 entries per byte set
    lit: [512]int // byte (+256 when folded) -> its set + 1, 0 when none yet
    groups: int   // capture groups so far
    failed: bool
    msg: string
    off: int
}

// Records the first error: msg with " at offset N" added.
fn (p: ref ReParser) fail(msg: string, off: int) -> int {
    if !p.failed {
        p.failed = true
        p.msg = format("{} at offset {}", msg, off)
        p.off = off
    }
    return -1
}

fn (p: ref ReParser) node(kind: u8, a: int, b: int, x: int, n: int, pos: int) -> int {
    p.nodes.push(ReNode{kind: kind, greedy: true, a: a, b: b, x: x, n: n, pos: pos})
    return p.nodes.len - 1
}

// Stores a byte set; its index.
fn (p: ref ReParser) add_set(set: [256]bool) -> int {
    let k = p.tab.len / 256
    for i in 0..256 {
        p.tab.push(set[i])
    }
    return k
}

inline fn re_is_upper(c: int) -> bool { return c >= 'A' as int && c <= 'Z' as int }
inline fn re_is_lower(c: int) -> bool { return c >= 'a' as int && c <= 'z' as int }
inline fn re_is_digit(c: int) -> bool { return c >= '0' as int && c <= '9' as int }

fn re_is_word(c: int) -> bool {
    return re_is_upper(c) || re_is_lower(c) || re_is_digit(c) || c == '_' as int
}

// The other case of an ASCII letter, else c.
fn re_other_case(c: int) -> int {
    if re_is_upper(c) { return c + 32 }
    if re_is_lower(c) { return c - 32 }
    return c
}

// A literal byte c as a node (both cases under (?i)); sets are shared.
fn (p: ref ReParser) literal(c: int, pos: int) -> int {
    var key = c
    if p.flags & RE_FOLD != 0 && re_other_case(c) != c {
        key = c + 256
    }
    if p.lit[key] == 0 {
        var set: [256]bool
        set[c] = true
        if key >= 256 {
            set[re_other_case(c)] = true
        }
        p.lit[key] = p.add_set(set) + 1
    }
    return p.node(RE_LIT, p.lit[key] - 1, 0, 0, 0, pos)
}

// Adds \d, \w or \s (lower-case letter k) to set, or its negation.
fn re_perl_class(set: ref [256]bool, k: u8, neg: bool) {
    for c in 0..256 {
        var has = false
        if k == 'd' {
            has = re_is_digit(c)
        } else if k == 'w' {
            has = re_is_word(c)
        } else {
            has = c == 9 || c == 10 || c == 12 || c == 13 || c == 32
        }
        if has != neg {
            set[c] = true
        }
    }
}

// 'd', 'w', 's' for \d \w \s and their upper-case negations, else 0.
fn re_perl_kind(c: u8) -> u8 {
    if c == 'd' || c == 'D' { return 'd' }
    if c == 'w' || c == 'W' { return 'w' }
    if c == 's' || c == 'S' { return 's' }
    return 0
}

fn re_hex(c: int) -> int {
    if re_is_digit(c) { return c - '0' as int }
    if c >= 'a' as int && c <= 'f' as int { return c - 'a' as int + 10 }
    if c >= 'A' as int && c <= 'F' as int { return c - 'A' as int + 10 }
    return -1
}

// The byte of a character escape whose backslash is at p.pos - 1 (p.pos
// at the letter); advances past it. -1 after an error.
fn (p: ref ReParser) escape_byte() -> int {
    let at = p.pos - 1
    let s = p.pat
    if p.pos >= s.len {
        return p.fail("trailing backslash", at)
    }
    let c = s[p.pos] as int
    p.pos += 1
    if c < 0x80 && !re_is_word(c) {
        return c
    }
    if c >= '0' as int && c <= '7' as int {
        return p.octal(c, at)
    }
    if c == 'x' as int {
        return p.hex_escape(at)
    }
    let controls = "a\x07f\x0cn\nr\rt\tv\x0b"
    var i = 0
    while i < controls.len {
        if controls[i] as int == c {
            return controls[i + 1] as int
        }
        i += 2
    }
    let m = format("invalid escape sequence '\\{:c}'", c as u8)
    p.fail(m, at)
    delete(m)
    return -1
}

// \0, \01, \012 (up to three octal digits); \1 to \7 alone would be a
// backreference, which RE2 rejects.
fn (p: ref ReParser) octal(c: int, at: int) -> int {
    let s = p.pat
    let more = p.pos < s.len && s[p.pos] >= '0' && s[p.pos] <= '7'
    if c != '0' as int && !more {
        return p.fail("invalid escape sequence (backreferences are not supported)", at)
    }
    var v = c - '0' as int
    var k = 1
    while k < 3 && p.pos < s.len && s[p.pos] >= '0' && s[p.pos] <= '7' {
        v = v * 8 + (s[p.pos] as int - '0' as int)
        p.pos += 1
        k += 1
    }
    if v > 255 {
        return p.fail("escape value above 0xff", at)
    }
    return v
}

// \xHH or \x{H...}, a value up to 0xff.
fn (p: ref ReParser) hex_escape(at: int) -> int {
    let s = p.pat
    if p.pos < s.len && s[p.pos] == '{' {
        p.pos += 1
        var v = 0
        var k = 0
        while p.pos < s.len && re_hex(s[p.pos] as int) >= 0 {
            v = v * 16 + re_hex(s[p.pos] as int)
            if v > 255 {
                return p.fail("escape value above 0xff", at)
            }
            p.pos += 1
            k += 1
        }
        if k == 0 || p.pos >= s.len || s[p.pos] != '}' {
            return p.fail("invalid escape sequence '\\x{'", at)
        }
        p.pos += 1
        return v
    }
    if p.pos + 2 > s.len || re_hex(s[p.pos] as int) < 0 || re_hex(s[p.pos + 1] as int) < 0 {
        return p.fail("invalid escape sequence '\\x' (two hex digits expected)", at)
    }
    let v = re_hex(s[p.pos] as int) * 16 + re_hex(s[p.pos + 1] as int)
    p.pos += 2
    return v
}

// The whole pattern; the root node or -1.
fn (p: ref ReParser) parse_all() -> int {
    let root = p.alternation()
    if p.failed {
        return -1
    }
    if p.pos < p.pat.len {
        // alternation stops only at the end or at a ')' it did not open
        return p.fail("unexpected )", p.pos)
    }
    return root
}

// alt := concat ('|' concat)*
fn (p: ref ReParser) alternation() -> int {
    let start = p.pos
    var items: []int
    defer delete(items)
    items.push(p.concat())
    while !p.failed && p.pos < p.pat.len && p.pat[p.pos] == '|' {
        p.pos += 1
        items.push(p.concat())
    }
    if p.failed {
        return -1
    }
    if items.len == 1 {
        return items[0]
    }
    return p.node_list(RE_ALT, items, start)
}

fn (p: ref ReParser) node_list(kind: u8, items: []int, pos: int) -> int {
    let x = p.kids.len
    for k in items {
        p.kids.push(k)
    }
    return p.node(kind, 0, 0, x, items.len, pos)
}

// concat := repeat*, up to '|', ')' or the end.
fn (p: ref ReParser) concat() -> int {
    let start = p.pos
    var items: []int
    defer delete(items)
    while !p.failed && p.pos < p.pat.len {
        let c = p.pat[p.pos]
        if c == '|' || c == ')' {
            break
        }
        if c == '\\' && p.pos + 1 < p.pat.len && p.pat[p.pos + 1] == 'Q' {
            p.quoted(items)
            continue
        }
        let k = p.repeat()
        if k >= 0 {
            items.push(k)
        }
    }
    if p.failed {
        return -1
    }
    if items.len == 0 {
        return p.node(RE_EMPTY, 0, 0, 0, 0, start)
    }
    if items.len == 1 {
        return items[0]
    }
    return p.node_list(RE_CAT, items, start)
}

// An atom and at most one repetition operator; -2 for a flag group such
// as (?i), which only changes flags.
fn (p: ref ReParser) repeat() -> int {
    let start = p.pos
    let c = p.pat[p.pos]
    if c == '*' || c == '+' || c == '?' || (c == '{' && p.counted()) {
        let m = format("missing argument to repetition operator '{:c}'", c)
        p.fail(m, start)
        delete(m)
        return -1
    }
    let atom = p.atom()
    if atom < 0 {
        return atom
    }
    if !p.rep_op(atom) || p.failed {
        return atom
    }
    p.no_second_op()
    return p.nodes.len - 1
}

// After a repetition operator: another one is an error, as in RE2.
fn (p: ref ReParser) no_second_op() {
    if p.pos < p.pat.len {
        let d = p.pat[p.pos]
        if d == '*' || d == '+' || d == '?' || (d == '{' && p.counted()) {
            p.fail("invalid nested repetition operator", p.pos)
        }
    }
}

// Applies a repetition operator at p.pos to atom, if there is one: the
// new node is the last of p.nodes.
fn (p: ref ReParser) rep_op(atom: int) -> bool {
    if p.pos >= p.pat.len {
        return false
    }
    let op_at = p.pos
    let c = p.pat[p.pos]
    var lo = 0
    var hi = -1
    if c == '*' {
        p.pos += 1
    } else if c == '+' {
        lo = 1
        p.pos += 1
    } else if c == '?' {
        hi = 1
        p.pos += 1
    } else if c == '{' && p.counted() {
        lo, hi = p.counts(op_at)
        if p.failed {
            return true
        }
    } else {
        return false
    }
    var greedy = true
    if p.pos < p.pat.len && p.pat[p.pos] == '?' {
        greedy = false
        p.pos += 1
    }
    if p.flags & RE_UNGREEDY != 0 {
        greedy = !greedy
    }
    let k = p.node(RE_REP, lo, hi, atom, op_at, p.nodes[atom].pos)
    p.nodes[k].greedy = greedy
    return true
}

// p.pos is at '{': whether {n}, {n,} or {n,m} follows (else '{' is a
// literal, as in RE2).
fn (p: ref ReParser) counted() -> bool {
    let s = p.pat
    var i = p.pos + 1
    let d0 = i
    while i < s.len && re_is_digit(s[i] as int) { i += 1 }
    if i == d0 || i >= s.len {
        return false
    }
    if s[i] == '}' {
        return true
    }
    if s[i] != ',' {
        return false
    }
    i += 1
    while i < s.len && re_is_digit(s[i] as int) { i += 1 }
    return i < s.len && s[i] == '}'
}

// Reads the {n}, {n,} or {n,m} that counted found.
fn (p: ref ReParser) counts(at: int) -> (int, int) {
    p.pos += 1
    let lo = p.number()
    var hi = lo
    if p.pat[p.pos] == ',' {
        p.pos += 1
        hi = -1
        if p.pat[p.pos] != '}' {
            hi = p.number()
        }
    }
    p.pos += 1
    if lo > RE_MAX_REPEAT || hi > RE_MAX_REPEAT || (hi >= 0 && hi < lo) {
        let m = format("invalid repeat count {}", p.pat[at:p.pos])
        p.fail(m, at)
        delete(m)
    }
    return (lo, hi)
}

// A run of decimal digits, saturating above the repeat limit.
fn (p: ref ReParser) number() -> int {
    var v = 0
    while re_is_digit(p.pat[p.pos] as int) {
        v = v * 10 + (p.pat[p.pos] as int - '0' as int)
        if v > RE_MAX_REPEAT {
            v = RE_MAX_REPEAT + 1
        }
        p.pos += 1
    }
    return v
}

// One atom: a literal, '.', a class, an escape, an assertion or a group.
fn (p: ref ReParser) atom() -> int {
    let start = p.pos
    let c = p.pat[p.pos]
    if c == '(' {
        return p.group()
    }
    if c == '[' {
        return p.class()
    }
    p.pos += 1
    if c == '.' {
        var set: [256]bool
        for i in 0..256 { set[i] = true }
        if p.flags & RE_DOTNL == 0 { set[10] = false }
        return p.node(RE_LIT, p.add_set(set), 0, 0, 0, start)
    }
    if c == '^' {
        var k = RE_AT_BEGIN_TEXT
        if p.flags & RE_MULTI != 0 { k = RE_AT_BEGIN_LINE }
        return p.node(RE_ASSERT, k, 0, 0, 0, start)
    }
    if c == '$' {
        var k = RE_AT_END_TEXT
        if p.flags & RE_MULTI != 0 { k = RE_AT_END_LINE }
        return p.node(RE_ASSERT, k, 0, 0, 0, start)
    }
    if c == '\\' {
        return p.escape_atom(start)
    }
    return p.literal(c as int, start)
}

// An escape outside a class: a Perl class, an assertion, \Q...\E or a
// character escape.
fn (p: ref ReParser) escape_atom(start: int) -> int {
    if p.pos >= p.pat.len {
        return p.fail("trailing backslash", start)
    }
    let c = p.pat[p.pos]
    let k = re_perl_kind(c)
    if k != 0 {
        p.pos += 1
        var set: [256]bool
        re_perl_class(set, k, c != k)
        return p.node(RE_LIT, p.add_set(set), 0, 0, 0, start)
    }
    let kinds = "bBAz"
    for i in 0..kinds.len {
        if kinds[i] == c {
            p.pos += 1
            let at = [RE_AT_WORD, RE_AT_NOT_WORD, RE_AT_BEGIN_TEXT, RE_AT_END_TEXT]
            return p.node(RE_ASSERT, at[i], 0, 0, 0, start)
        }
    }
    let b = p.escape_byte()
    if b < 0 {
        return -1
    }
    return p.literal(b, start)
}

// \Q...\E at p.pos: the bytes up to \E (or the end) as literals into
// items; a repetition operator after it applies to the last byte, as in
// RE2.
fn (p: ref ReParser) quoted(items: ref []int) {
    p.pos += 2
    let s = p.pat
    var last = -1
    while p.pos < s.len {
        if s[p.pos] == '\\' && p.pos + 1 < s.len && s[p.pos + 1] == 'E' {
            p.pos += 2
            break
        }
        last = p.literal(s[p.pos] as int, p.pos)
        items.push(last)
        p.pos += 1
    }
    if last >= 0 && p.rep_op(last) && !p.failed {
        items[items.len - 1] = p.nodes.len - 1
        p.no_second_op()
    }
}

// '(' at p.pos: a capture group, (?:...), (?flags), (?flags:...),
// (?P<name>...) or (?<name>...).
fn (p: ref ReParser) group() -> int {
    let start = p.pos
    p.pos += 1
    var index = -1
    let saved = p.flags
    if p.pos < p.pat.len && p.pat[p.pos] == '?' {
        p.pos += 1
        if p.name_group(start) {
            index = p.groups
        } else if p.failed {
            return -1
        } else if p.group_flags(start) {
            // (?flags): the flags hold to the end of the enclosing group
            return -2
        } else if p.failed {
            return -1
        }
    } else {
        p.groups += 1
        index = p.groups
    }
    p.depth += 1
    if p.depth > RE_MAX_DEPTH {
        return p.fail("expression nests too deeply", start)
    }
    let body = p.alternation()
    p.depth -= 1
    p.flags = saved
    if p.failed {
        return -1
    }
    if p.pos >= p.pat.len {
        return p.fail("missing closing ) for the group", start)
    }
    p.pos += 1
    if index < 0 {
        return body
    }
    return p.node(RE_GROUP, index, 0, body, 0, start)
}

// After "(?": P<name> or <name>; true when it read one (a new group).
fn (p: ref ReParser) name_group(start: int) -> bool {
    let s = p.pat
    var i = p.pos
    if i < s.len && s[i] == 'P' {
        i += 1
    }
    if i >= s.len || s[i] != '<' {
        return false
    }
    i += 1
    let n0 = i
    while i < s.len && re_is_word(s[i] as int) { i += 1 }
    if i == n0 || i >= s.len || s[i] != '>' {
        p.fail("invalid named capture", start)
        return false
    }
    p.pos = i + 1
    p.groups += 1
    return true
}

// After "(?": flags such as i, -i, im-s, then ')' (true: the flags
// change the current group) or ':' (false: a non-capturing group whose
// flags end with it).
fn (p: ref ReParser) group_flags(start: int) -> bool {
    let s = p.pat
    var neg = false
    var any = false
    while p.pos < s.len {
        let c = s[p.pos]
        p.pos += 1
        var bit = 0
        let at = "imsU"
        for k in 0..at.len {
            if at[k] == c { bit = 1 << k }
        }
        if bit != 0 {
            if neg { p.flags &= ~bit } else { p.flags |= bit }
            any = true
        } else if c == '-' && !neg {
            neg = true
            any = false
        } else if (c == ')' || c == ':') && (any || (!neg && c == ':')) {
            return c == ')'
        } else {
            break
        }
    }
    p.fail("invalid or unsupported group syntax", start)
    return false
}

// '[' at p.pos: a class of bytes.
fn (p: ref ReParser) class() -> int {
    let start = p.pos
    let s = p.pat
    p.pos += 1
    var set: [256]bool
    var neg = false
    if p.pos < s.len && s[p.pos] == '^' {
        neg = true
        p.pos += 1
    }
    var first = true
    while true {
        if p.pos >= s.len {
            return p.fail("missing closing ] for the class", start)
        }
        let c = s[p.pos]
        if c == ']' && !first {
            p.pos += 1
            break
        }
        first = false
        if !p.class_item(set) {
            return -1
        }
    }
    if p.flags & RE_FOLD != 0 {
        for c in 0..256 {
            if set[c] { set[re_other_case(c)] = true }
        }
    }
    if neg {
        for c in 0..256 { set[c] = !set[c] }
    }
    return p.node(RE_LIT, p.add_set(set), 0, 0, 0, start)
}

// One item of a class into set: a Perl class, a POSIX class, a byte or
// a range. False after an error.
fn (p: ref ReParser) class_item(set: ref [256]bool) -> bool {
    let s = p.pat
    let at = p.pos
    if s[at] == '\\' && at + 1 < s.len && re_perl_kind(s[at + 1]) != 0 {
        let k = re_perl_kind(s[at + 1])
        re_perl_class(set, k, k != s[at + 1])
        p.pos += 2
        return true
    }
    if s[at] == '[' && at + 1 < s.len && s[at + 1] == ':' {
        let r = re_posix_class(s, at, set)
        if r > 0 {
            p.pos = r
            return true
        }
        if r < 0 {
            p.fail("invalid POSIX class name", at)
            return false
        }
    }
    let lo = p.class_byte()
    if lo < 0 {
        return false
    }
    var hi = lo
    if p.pos + 1 < s.len && s[p.pos] == '-' && s[p.pos + 1] != ']' {
        p.pos += 1
        hi = p.class_byte()
        if hi < 0 {
            return false
        }
        if hi < lo {
            let m = format("invalid character class range {:?}", s[at:p.pos])
            p.fail(m, at)
            delete(m)
            return false
        }
    }
    for c in lo..hi + 1 {
        set[c] = true
    }
    return true
}

// One byte inside a class (a literal or a character escape), or -1.
fn (p: ref ReParser) class_byte() -> int {
    let s = p.pat
    let c = s[p.pos] as int
    p.pos += 1
    if c != '\\' as int {
        return c
    }
    return p.escape_byte()
}

// [:name:] or [:^name:] at s[at]: adds the class to set and returns the
// offset after it; 0 when the text is not of that shape ('[' is then a
// literal), -1 for an unknown name.
fn re_posix_class(s: string, at: int, set: ref [256]bool) -> int {
    var i = at + 2
    var neg = false
    if i < s.len && s[i] == '^' {
        neg = true
        i += 1
    }
    let n0 = i
    while i < s.len && re_is_lower(s[i] as int) { i += 1 }
    if i + 1 >= s.len || s[i] != ':' || s[i + 1] != ']' {
        return 0
    }
    let name = s[n0:i]
    let names = "alnum alpha ascii blank cntrl digit graph lower print punct space upper word xdigit "
    var k = 0
    var j = 0
    while j < names.len {
        if names[j:j + name.len] == name && j + name.len < names.len && names[j + name.len] == ' ' {
            for c in 0..256 {
                if re_posix_has(k, c) != neg { set[c] = true }
            }
            return i + 2
        }
        while names[j] != ' ' { j += 1 }
        j += 1
        k += 1
    }
    return -1
}

// Whether byte c is in POSIX class k (the order of the names above).
fn re_posix_has(k: int, c: int) -> bool {
    let alpha = re_is_upper(c) || re_is_lower(c)
    let punct = (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)
    if k == 0 { return alpha || re_is_digit(c) }
    if k == 1 { return alpha }
    if k == 2 { return c < 128 }
    if k == 3 { return c == 9 || c == 32 }
    if k == 4 { return c < 32 || c == 127 }
    if k == 5 { return re_is_digit(c) }
    if k == 6 { return c >= 33 && c <= 126 }
    if k == 7 { return re_is_lower(c) }
    if k == 8 { return c >= 32 && c <= 126 }
    if k == 9 { return punct }
    if k == 10 { return (c >= 9 && c <= 13) || c == 32 }
    if k == 11 { return re_is_upper(c) }
    if k == 12 { return re_is_word(c) }
    return re_hex(c) >= 0
}
