// dfa.gs — a lazy DFA over the Pike VM's thread lists, built one
// transition at a time as the input asks for it (as RE2's DFA), used when
// the pattern has no assertion but a leading `^`. A state is the ordered
// list of the program counters of its threads (classes and MATCH, after
// the empty moves), with two flags: MATCH (a match ends here) and RESTART
// (no match seen yet, so a new thread starts at the next byte, at the
// lowest priority). Leftmost-first as in the Pike VM: a state's list is cut
// after its MATCH (the threads after it have lower priority), and once a
// match is seen no thread starts again; the last MATCH state of a scan
// marks the end of the leftmost-first match.
// The reverse DFA runs the reversed pattern's program backwards from that
// end, without restarts, and its last MATCH state is the longest reach:
// the match's start (no match ending there starts earlier, or it would be
// the leftmost). When the states pass RE_DFA_MAX_STATES, or their threads
// RE_DFA_MAX_PCS, the DFA gives up for good and the Pike VM does the work;
// so the DFA's memory is bounded (about 2 MiB of transitions, 8 MiB of
// threads, and the keys).

import "map"

const RE_D_MATCH: u8 = 1
const RE_D_RESTART: u8 = 2
const RE_D_DEAD: u8 = 4 // no thread and no restart: the scan may stop
const RE_DFA_MAX_STATES: int = 2000
const RE_DFA_MAX_PCS: int = 1 << 20 // threads in all states together
const RE_D_MBIT: i32 = 1 << 30      // in a transition: its state has MATCH
const RE_D_KMASK: i32 = RE_D_MBIT - 1
const RE_SKIP_MAX_FIRST: int = 48 // more bytes that can start a match: no skip
const RE_SKIP_MAX_SET: int = 6    // first and second bytes for the pair search

struct ReDfa {
    prog: []ReInst
    rev: bool // reversed program: no restarts, no cut
    keys: map.Map[string, int]
    pcs: []int // state k's list is pcs[off[k]:off[k + 1]]
    off: []int
    flag: []u8
    // State k's row of transitions is next[(k + 1) * 256:][0:256] (row 0
    // is unused): byte -> the next state's row index (k + 1) * 256, so that
    // a scan adds the next byte to it at once, with RE_D_MBIT set when a
    // match ends there, and negated when the forward scan must stop there
    // (a dead state, or the idle state it skips ahead from); 0: not built
    // yet.
    next: []i32
    mark: []int // pc -> the closure that reached it
    stamp: int
    stack: []int
    buf: []int
    key: []u8
    start: int   // the state at the first byte, -1 before it is built
    failed: bool // too many states: use the Pike VM
    idle: bool   // the start state is where the forward scan skips ahead
    // The skip data of the forward scan, in a fixed array so that a byte
    // indexes it unchecked: bit 1, a match can start with the byte; bit 2,
    // it can be a match's second byte (every byte when pair is false); bit
    // 4, either.
    fb: [256]u8
    pair: bool // every match is two bytes or more
    // With pair, when at most RE_SKIP_MAX_SET bytes can be first or
    // second, counted together: those bytes (the runtime's search for such
    // a pair), or "" both. With more, a start is often found a few bytes
    // on, and the loop of re_dfa_skip costs less than a call.
    pa: string
    pb: string
}

fn re_dfa_new(prog: []ReInst, rev: bool) -> ReDfa {
    var d = ReDfa{prog: prog, rev: rev, start: -1}
    d.mark = make([]int, prog.len)
    d.stack = make([]int, prog.len + 1)
    d.off.push(0)
    for _ in 0..256 {
        d.next.push(0)
    }
    return d
}

fn re_dfa_free(d: ref ReDfa) {
    delete(d.prog)
    d.keys.free()
    delete(d.pcs)
    delete(d.off)
    delete(d.flag)
    delete(d.next)
    delete(d.mark)
    delete(d.stack)
    delete(d.buf)
    delete(d.key)
    if d.pa.len > 0 {
        delete(d.pa)
        delete(d.pb)
    }
}

// Appends to d.buf the threads reached from pc by empty moves, in
// priority order (a split's first branch entirely before its second).
fn re_dfa_closure(d: ref ReDfa, pc0: int) {
    let prog = d.prog
    let stack = d.stack
    let stamp = d.stamp
    stack[0] = pc0
    var sp = 1
    while sp > 0 {
        sp -= 1
        let pc = stack[sp]
        if d.mark[pc] == stamp {
            continue
        }
        d.mark[pc] = stamp
        let ins = prog[pc]
        if ins.op <= RE_I_MATCH {
            d.buf.push(pc)
        } else if ins.op == RE_I_JMP {
            stack[sp] = ins.x
            sp += 1
        } else if ins.op == RE_I_SPLIT {
            stack[sp] = ins.y
            stack[sp + 1] = ins.x
            sp += 2
        } else {
            // a save, or the leading ^ (checked by the caller)
            stack[sp] = pc + 1
            sp += 1
        }
    }
}

// The state of the threads in d.buf with restart wanted or not: found or
// added; -1 when the DFA has too many states.
fn re_dfa_state(d: ref ReDfa, restart: bool) -> int {
    var n = d.buf.len
    var fl: u8 = 0
    for i in 0..n {
        if d.prog[d.buf[i]].op == RE_I_MATCH {
            fl = RE_D_MATCH
            if !d.rev {
                n = i + 1
            }
            break
        }
    }
    if restart && fl == 0 {
        fl |= RE_D_RESTART
    }
    if n == 0 && fl & RE_D_RESTART == 0 {
        fl |= RE_D_DEAD
    }
    d.key.clear()
    d.key.push(fl)
    for i in 0..n {
        let pc = d.buf[i]
        d.key.push((pc & 255) as u8)
        d.key.push(((pc >> 8) & 255) as u8)
        d.key.push((pc >> 16) as u8)
    }
    let key = from_bytes(d.key)
    defer delete(key)
    match d.keys.get(key) {
        some(k) => return k
        none => {}
    }
    let k = d.flag.len
    if k >= RE_DFA_MAX_STATES || d.pcs.len + n > RE_DFA_MAX_PCS {
        d.failed = true
        return -1
    }
    d.keys.put(key, k)
    for i in 0..n {
        d.pcs.push(d.buf[i])
    }
    d.off.push(d.pcs.len)
    d.flag.push(fl)
    for _ in 0..256 {
        d.next.push(0)
    }
    return k
}

// The state at the first byte of a scan.
fn re_dfa_start(d: ref ReDfa, anchored: bool) -> int {
    if d.start < 0 {
        d.stamp += 1
        d.buf.clear()
        re_dfa_closure(d, 0)
        d.start = re_dfa_state(d, !d.rev && !anchored)
    }
    return d.start
}

// The state after state k reads byte c (built and remembered); -1 when
// the DFA gives up.
fn re_dfa_step(d: ref ReDfa, tab: []bool, k: int, c: int) -> int {
    d.stamp += 1
    d.buf.clear()
    for i in d.off[k]..d.off[k + 1] {
        let pc = d.pcs[i]
        let ins = d.prog[pc]
        if ins.op == RE_I_CLASS && tab[(ins.arg << 8) | c] {
            re_dfa_closure(d, pc + 1)
        }
    }
    let restart = d.flag[k] & RE_D_RESTART != 0
    if restart {
        re_dfa_closure(d, 0)
    }
    let to = re_dfa_state(d, restart)
    if to >= 0 {
        var v = ((to + 1) << 8) as i32
        if d.flag[to] & RE_D_MATCH != 0 {
            v |= RE_D_MBIT
        }
        if d.flag[to] & RE_D_DEAD != 0 || (d.idle && to == d.start) {
            v = -v
        }
        d.next[((k + 1) << 8) | c] = v
    }
    return to
}

// Sets the forward scan's skip data from the first and second byte sets.
// When a match can start with most bytes (more than RE_SKIP_MAX_FIRST of
// them), skipping ahead finds a start at almost every byte and only costs
// its call: the scan then stays in the DFA instead.
fn re_dfa_skip_data(d: ref ReDfa, first: []bool, second: []bool, pair: bool) {
    d.pair = pair
    var nfirst = 0
    for c in 0..256 {
        var b: u8 = 0
        if first[c] {
            b |= 1
            nfirst += 1
        }
        if !pair || second[c] {
            b |= 2
        }
        if b != 0 {
            b |= 4
        }
        d.fb[c] = b
    }
    if nfirst > RE_SKIP_MAX_FIRST {
        d.idle = false
    }
    var pa: []u8
    var pb: []u8
    for c in 0..256 {
        if first[c] {
            pa.push(c as u8)
        }
        if second[c] {
            pb.push(c as u8)
        }
    }
    if pair && pa.len + pb.len <= RE_SKIP_MAX_SET && pa.len > 0 && pb.len > 0 {
        d.pa = from_bytes(pa)
        d.pb = from_bytes(pb)
    }
    delete(pa)
    delete(pb)
}

// The first position from pos where a match can start, or -1: the next
// copy of the literal prefix pre (the runtime's substring search), or of
// a pair of bytes that can start a match, from the few that can (the
// runtime's pair search), or of the one byte that starts every match (1 +
// it in one, else 0; the runtime's memchr, each find tested with the
// bytes that can follow), or of a byte that can start a match followed by
// one that can be second (looking at every other byte first: a byte that
// can be neither rules out itself and the byte before it).
fn re_dfa_skip(d: ref ReDfa, pre: string, one: int, s: string, pos: int) -> int {
    if pre.len > 0 {
        let k = __str_index(s[pos:], pre)
        if k < 0 {
            return -1
        }
        return pos + k
    }
    if d.pa.len > 0 {
        let k = __str_index_pair(s[pos:], d.pa, d.pb)
        if k < 0 {
            return -1
        }
        return pos + k
    }
    var i = pos
    if one > 0 {
        let b = (one - 1) as u8
        while true {
            let k = __str_index_byte(s[i:], b)
            if k < 0 {
                return -1
            }
            i += k
            if i + 1 < s.len {
                if d.fb[s[i + 1]] & 2 != 0 {
                    return i
                }
            } else if !d.pair {
                return i
            } else {
                return -1
            }
            i += 1
        }
    }
    while i + 1 < s.len {
        let b = d.fb[s[i + 1]]
        if b & 4 == 0 {
            i += 2
            continue
        }
        if b & 2 != 0 && d.fb[s[i]] & 1 != 0 {
            return i
        }
        i += 1
    }
    if i < s.len && !d.pair && d.fb[s[i]] & 1 != 0 {
        return i
    }
    return -1
}

// Forward scan from pos: the end of the leftmost-first match, -1 when
// there is none, -2 when the DFA gave up. With earliest, the first end
// found (enough for is_match). re_dfa_run does the scanning and builds
// nothing, so the liveness tests of the tables are made once per call of
// it; here, a transition it stops at is built (which may grow the tables,
// so the next call reads their headers again).
fn re_dfa_forward(r: Regex, d: ref ReDfa, s: string, pos: int, earliest: bool) -> int {
    if r.anchored && pos > 0 {
        return -1
    }
    let k = re_dfa_start(d, r.anchored)
    if k < 0 {
        return -2
    }
    var idle = k
    if !d.idle {
        idle = -1
    }
    var run = ReRun{k: k, i: pos, last: -1}
    while re_dfa_run(d, r.prefix, r.one, s, idle, earliest, run) {
        let to = re_dfa_step(d, r.tab, run.k, s[run.i] as int)
        if to < 0 {
            return -2
        }
        run.k = to
        run.i += 1
    }
    return run.last
}

// Where a forward scan is: state k at s[i], the end of the last match
// seen (-1: none).
struct ReRun {
    k: int
    i: int
    last: int
}

// Runs the forward scan over built transitions: true when it stops at
// one not built yet (run.k on s[run.i]), false when the scan is over
// (run.last is its answer). The inner loop follows transitions to states
// where the scan goes on (the table marks the others, and the MATCH
// states), one table entry a byte; the outer loop handles a dead end, the
// idle state (skip ahead) and the end of s.
fn re_dfa_run(d: ref ReDfa, pre: string, one: int, s: string, idle: int, earliest: bool, run: ref ReRun) -> bool {
    let flag = d.flag
    let next = d.next
    var k = run.k
    var i = run.i
    var last = run.last
    while true {
        let fl = flag[k]
        if fl & RE_D_MATCH != 0 {
            last = i
            if earliest {
                break
            }
        }
        if fl & RE_D_DEAD != 0 {
            break
        }
        if k == idle {
            i = re_dfa_skip(d, pre, one, s, i)
            if i < 0 {
                break
            }
        }
        var v: i32 = 1
        var row = (k + 1) << 8
        while i < s.len {
            v = next[row | s[i] as int]
            if v <= 0 {
                break
            }
            row = (v & RE_D_KMASK) as int
            i += 1
            if v >= RE_D_MBIT {
                last = i
                if earliest {
                    run.last = last
                    return false
                }
            }
        }
        k = (row >> 8) - 1
        if i >= s.len {
            break
        }
        if v == 0 {
            run.k = k
            run.i = i
            run.last = last
            return true
        }
        k = (((-v) & RE_D_KMASK) >> 8) as int - 1
        i += 1
    }
    run.last = last
    return false
}

// Reverse scan from end down to lo: the start of the longest match of the
// reversed pattern ending at end, -1 when none, -2 when the DFA gave up.
// The inner loop follows built transitions to live states (the table
// marks the dead ones), one table entry a byte, and notes the MATCH ones;
// the liveness tests of s and of the tables are made once per run of it.
fn re_dfa_reverse(r: Regex, d: ref ReDfa, s: string, lo: int, end: int) -> int {
    let k0 = re_dfa_start(d, true)
    if k0 < 0 {
        return -2
    }
    var last = -1
    var k = k0
    var i = end
    while true {
        let fl = d.flag[k]
        if fl & RE_D_MATCH != 0 {
            last = i
        }
        if fl & RE_D_DEAD != 0 {
            return last
        }
        let next = d.next
        var row = (k + 1) << 8
        var v: i32 = 1
        while i > lo {
            v = next[row | s[i - 1] as int]
            if v <= 0 {
                break
            }
            row = (v & RE_D_KMASK) as int
            i -= 1
            if v >= RE_D_MBIT {
                last = i
            }
        }
        if i <= lo || v < 0 {
            // the start of s, or a dead state: no longer match
            return last
        }
        k = re_dfa_step(d, r.tab, (row >> 8) - 1, s[i - 1] as int)
        if k < 0 {
            return -2
        }
        i -= 1
    }
}

// The leftmost-first match at or after pos by the two DFAs: 1 with
// out[0], out[1] set, -1 when there is none, -2 when a DFA gave up.
fn re_dfa_find(r: Regex, s: string, pos: int, out: []int) -> int {
    let e = re_dfa_forward(r, r.dfa[0], s, pos, false)
    if e < 0 {
        return e
    }
    if r.anchored {
        out[0] = 0
        out[1] = e
        return 1
    }
    let b = re_dfa_reverse(r, r.dfa[1], s, pos, e)
    if b < 0 {
        return -2
    }
    out[0] = b
    out[1] = e
    return 1
}
