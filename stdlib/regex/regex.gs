// regex.gs — regular expressions with RE2's syntax, after Go's regexp:
// regex.compile(pattern) -> (Regex, ?Error), then is_match, find,
// find_all, captures, replace_all and free on the Regex. Matching is
// leftmost-first and takes time linear in the input for every pattern:
// a lazy DFA finds where a match starts and ends (dfa.gs) when the pattern
// has no assertion but a leading ^, and the Pike VM (vm.gs) finds groups,
// and everything the DFA cannot do. Strings are bytes: see parse.gs for
// how bytes from 0x80 are read. A Regex holds its scratch storage, so it is one thread's
// at a time; its methods take it by value and allocate only their
// results.
// Not for: backreferences, look-around, Unicode classes, named-group
// lookup (a name is accepted and the group numbered as in RE2).

// The limit on threads x capture slots of a Pike VM queue (32 MiB each).
const RE_MAX_CAPS: int = 1 << 22

struct Error {
    msg: string
    offset: int
}

struct Match {
    start: int
    end: int
}

struct Regex {
    prog: []ReInst
    tab: []bool    // 256 entries per byte set of prog's classes
    groups: int    // capture groups, group 0 not counted
    ncap: int      // 2 * (groups + 1)
    anchored: bool // every match starts at offset 0
    skips: bool    // first is usable: no match is empty
    first: []bool  // 256: the bytes a match can start with
    one: int       // 1 + the only byte a match can start with, or 0
    prefix: string // the bytes every match starts with (2 or more), or ""
    dfa: []ReDfa   // forward and reverse, or empty: the Pike VM only
    q0: ReQueue
    q1: ReQueue
    stack: []int
    tcap: []int
    caps: []int // results of re_exec
}

// Parses and compiles pattern; the error names what is wrong and where.
fn compile(pattern: string) -> (Regex, ?Error) {
    var p = ReParser{pat: pattern}
    let root = p.parse_all()
    if p.failed {
        delete(p.nodes)
        delete(p.kids)
        delete(p.tab)
        return (Regex{}, Error{msg: p.msg, offset: p.off})
    }
    var c = ReComp{nodes: p.nodes, kids: p.kids}
    c.emit(RE_I_SAVE, 0, 0, 0)
    c.gen(root)
    c.emit(RE_I_SAVE, 1, 0, 0)
    c.emit(RE_I_MATCH, 0, 0, 0)
    if c.failed {
        delete(p.nodes)
        delete(p.kids)
        delete(c.prog)
        delete(p.tab)
        let msg = format("expression too large (more than {} instructions) at offset {}", RE_MAX_PROG, c.off)
        return (Regex{}, Error{msg: msg, offset: c.off})
    }
    if re_threads(c.prog) * 2 * (p.groups + 1) > RE_MAX_CAPS {
        // the Pike VM keeps every group's position for every thread
        delete(p.nodes)
        delete(p.kids)
        delete(c.prog)
        delete(p.tab)
        let msg = format("expression too large ({} groups in {} instructions) at offset 0", p.groups, c.prog.len)
        return (Regex{}, Error{msg: msg, offset: 0})
    }
    var r = re_build(c.prog, p.tab, p.groups)
    if re_dfa_ok(c.prog) {
        var rc = ReComp{nodes: p.nodes, kids: p.kids, rev: true}
        rc.gen(root)
        rc.emit(RE_I_MATCH, 0, 0, 0)
        r.dfa = make([]ReDfa, 2)
        var fwd = make([]ReInst, c.prog.len)
        copy_into(fwd, c.prog)
        r.dfa[0] = re_dfa_new(fwd, false)
        r.dfa[1] = re_dfa_new(rc.prog, true)
        r.dfa[0].idle = !r.anchored && r.skips
        var second = make([]bool, 256)
        let pair = re_second_bytes(c.prog, r.tab, second)
        re_dfa_skip_data(r.dfa[0], r.first, second, pair)
        delete(second)
    }
    delete(p.nodes)
    delete(p.kids)
    return (r, none)
}

// The instructions a Pike VM thread can wait at: classes and MATCH.
fn re_threads(prog: []ReInst) -> int {
    var k = 0
    for ins in prog {
        if ins.op <= RE_I_MATCH {
            k += 1
        }
    }
    return k
}

// Whether the DFAs can run prog: no assertion but a leading ^.
fn re_dfa_ok(prog: []ReInst) -> bool {
    for pc in 0..prog.len {
        if prog[pc].op == RE_I_ASSERT && !(pc == 1 && prog[pc].arg == RE_AT_BEGIN_TEXT) {
            return false
        }
    }
    return true
}

// The Regex of a compiled program, with its skip data and scratch.
fn re_build(prog: []ReInst, tab: []bool, groups: int) -> Regex {
    let ncap = 2 * (groups + 1)
    let n = prog.len
    var r = Regex{prog: prog, tab: tab, groups: groups, ncap: ncap}
    r.anchored = prog[1].op == RE_I_ASSERT && prog[1].arg == RE_AT_BEGIN_TEXT
    r.first = make([]bool, 256)
    r.skips = re_first_bytes(prog, tab, r.first)
    var nfirst = 0
    for c in 0..256 {
        if r.first[c] {
            nfirst += 1
            r.one = c + 1
        }
    }
    if nfirst != 1 {
        r.one = 0
    }
    let pre = re_literal_prefix(prog, tab)
    if pre.len >= 2 {
        r.prefix = from_bytes(pre)
    }
    delete(pre)
    let threads = re_threads(prog)
    r.q0 = re_queue(n, threads, ncap)
    r.q1 = re_queue(n, threads, ncap)
    r.stack = make([]int, 2 * n + 2)
    r.tcap = make([]int, ncap)
    r.caps = make([]int, ncap)
    return r
}

// Gives back the Regex's storage; it must not be used after.
fn (r: Regex) free() {
    if r.prog.len == 0 {
        return
    }
    delete(r.prog)
    delete(r.tab)
    delete(r.first)
    if r.prefix.len > 0 {
        delete(r.prefix)
    }
    for i in 0..r.dfa.len {
        re_dfa_free(r.dfa[i])
    }
    delete(r.dfa)
    re_queue_free(r.q0)
    re_queue_free(r.q1)
    delete(r.stack)
    delete(r.tcap)
    delete(r.caps)
}

fn re_check(r: Regex) {
    if r.prog.len == 0 {
        __fail("regex: use of a Regex that compile did not make (a zero value or a failed compile)")
    }
}

// Whether s contains a match.
fn (r: Regex) is_match(s: string) -> bool {
    re_check(r)
    return re_search(r, s, 0, 0, r.caps)
}

// The leftmost-first match: (start, end), or (-1, -1) when there is none.
fn (r: Regex) find(s: string) -> (int, int) {
    re_check(r)
    if re_search(r, s, 0, 2, r.caps) {
        return (r.caps[0], r.caps[1])
    }
    return (-1, -1)
}

// Every match, left to right, not overlapping; after a match, an empty
// match where it ended is not taken (Go's rule), and after an empty match
// the search moves on one byte.
fn (r: Regex) find_all(s: string) -> []Match {
    re_check(r)
    var out: []Match
    var pos = 0
    var prev_end = -1
    while pos <= s.len {
        if !re_search(r, s, pos, 2, r.caps) {
            break
        }
        let a = r.caps[0]
        let b = r.caps[1]
        var take = true
        if b == a {
            take = a != prev_end
            pos = b + 1
        } else {
            pos = b
        }
        prev_end = b
        if take {
            out.push(Match{start: a, end: b})
        }
    }
    return out
}

// The groups of the leftmost-first match: group 0 is the whole match, an
// unmatched group is (-1, -1); an empty slice when there is no match.
fn (r: Regex) captures(s: string) -> []Match {
    re_check(r)
    var out: []Match
    if !re_search(r, s, 0, r.ncap, r.caps) {
        return out
    }
    for g in 0..r.groups + 1 {
        out.push(Match{start: r.caps[2 * g], end: r.caps[2 * g + 1]})
    }
    return out
}

// s with every match replaced by repl, in which $1 or ${1} stands for a
// group (the longest run of digits after $), $$ for $, and a $ followed
// by anything else for itself; a group the pattern does not have, or one
// that did not take part, gives "". Matches are those of find_all,
// except that an empty match right after a match is not replaced. A new
// string.
fn (r: Regex) replace_all(s: string, repl: string) -> string {
    re_check(r)
    var ncap = 2
    for i in 0..repl.len {
        if repl[i] == '$' {
            ncap = r.ncap
        }
    }
    var buf: []u8
    var last = 0
    var pos = 0
    while pos <= s.len {
        if !re_search(r, s, pos, ncap, r.caps) {
            break
        }
        let a = r.caps[0]
        let b = r.caps[1]
        re_append(buf, s[last:a])
        if b > last || a == 0 {
            re_expand(r, buf, s, repl)
        }
        last = b
        if b > pos {
            pos = b
        } else {
            pos += 1
        }
    }
    re_append(buf, s[last:s.len])
    let out = from_bytes(buf)
    delete(buf)
    return out
}

fn re_append(buf: ref []u8, t: string) {
    for i in 0..t.len {
        buf.push(t[i])
    }
}

// Appends repl to buf with its $ references filled from r.caps.
fn re_expand(r: Regex, buf: ref []u8, s: string, repl: string) {
    var i = 0
    while i < repl.len {
        let c = repl[i]
        if c != '$' || i + 1 >= repl.len {
            buf.push(c)
            i += 1
            continue
        }
        let d = repl[i + 1]
        if d == '$' {
            buf.push('$')
            i += 2
            continue
        }
        var j = i + 1
        var braced = false
        if d == '{' {
            braced = true
            j += 1
        }
        let d0 = j
        var g = 0
        while j < repl.len && re_is_digit(repl[j] as int) {
            if g <= r.groups {
                g = g * 10 + (repl[j] as int - '0' as int)
            }
            j += 1
        }
        if j == d0 || (braced && (j >= repl.len || repl[j] != '}')) {
            // not a reference: the $ stands for itself
            buf.push('$')
            i += 1
            continue
        }
        if braced {
            j += 1
        }
        re_group_text(r, buf, s, g)
        i = j
    }
}

// Appends group g's text, or nothing when the pattern has no group g or
// it did not take part.
fn re_group_text(r: Regex, buf: ref []u8, s: string, g: int) {
    if g > r.groups {
        return
    }
    let a = r.caps[2 * g]
    let b = r.caps[2 * g + 1]
    if a >= 0 && b >= a {
        re_append(buf, s[a:b])
    }
}

// The leftmost-first match at or after pos with its first ncap slots in
// out: the DFAs find where it starts and ends, the Pike VM then fills in
// the groups from its start; the Pike VM alone when the DFAs cannot run.
fn re_search(r: Regex, s: string, pos: int, ncap: int, out: []int) -> bool {
    if r.dfa.len > 0 && !r.dfa[0].failed && !r.dfa[1].failed {
        if ncap == 0 {
            let e = re_dfa_forward(r, r.dfa[0], s, pos, true)
            if e != -2 {
                return e >= 0
            }
        } else {
            let res = re_dfa_find(r, s, pos, out)
            if res == -1 {
                return false
            }
            if res == 1 {
                if ncap == 2 {
                    return true
                }
                return re_exec(r, s, out[0], ncap, out)
            }
        }
    }
    return re_exec(r, s, pos, ncap, out)
}
