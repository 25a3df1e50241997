// vm.gs — the Pike VM: every live thread of the program advances one
// input byte at a time, so a search costs O(input × program) whatever the
// pattern. The empty moves at a position visit each pc once (a sparse
// set: the first to arrive, the preferred one, wins); the threads they
// reach (classes and MATCH) are kept in priority order, each with its
// capture slots; a thread that
// reaches MATCH ends every thread of lower priority (leftmost-first, as
// RE2 and Go). Only the slots a call needs are tracked (none for
// is_match, two for find). All scratch storage is made by compile.
// When no thread is alive the search skips ahead to the next byte that
// can start a match (the runtime's memchr when there is one such byte),
// or to the next copy of a literal prefix (the runtime's memmem).

struct ReQueue {
    dense: []int  // the pcs visited at this position, dense[0:n]
    sparse: []int // pc -> its index in dense (checked against dense)
    run: []int    // the threads (class and MATCH pcs) in priority order, run[0:nrun]
    caps: []int   // ncap slots per thread
    n: int
    nrun: int
}

// A queue for a program of size instructions, threads of which are
// classes or MATCH.
fn re_queue(size: int, threads: int, ncap: int) -> ReQueue {
    return ReQueue{dense: make([]int, size), sparse: make([]int, size), run: make([]int, threads),
        caps: make([]int, threads * ncap)}
}

fn re_queue_free(q: ReQueue) {
    delete(q.dense)
    delete(q.sparse)
    delete(q.run)
    delete(q.caps)
}

// Whether assertion kind holds between s[pos - 1] and s[pos].
fn re_assert(kind: int, s: string, pos: int) -> bool {
    if kind == RE_AT_BEGIN_TEXT { return pos == 0 }
    if kind == RE_AT_END_TEXT { return pos == s.len }
    if kind == RE_AT_BEGIN_LINE { return pos == 0 || s[pos - 1] == '\n' }
    if kind == RE_AT_END_LINE { return pos == s.len || s[pos] == '\n' }
    let before = pos > 0 && re_is_word(s[pos - 1] as int)
    let after = pos < s.len && re_is_word(s[pos] as int)
    return (before != after) == (kind == RE_AT_WORD)
}

// Adds the thread at pc0 (captures cap, which it may change and then
// restores) to q, following empty moves with an explicit stack: a split
// pushes its second branch, a save pushes the slot's old value to put
// back once the first branch is done.
fn re_add(r: Regex, q: ref ReQueue, pc0: int, pos: int, s: string, ncap: int, cap: []int) {
    let stack = r.stack
    let prog = r.prog
    stack[0] = pc0
    var sp = 1
    while sp > 0 {
        sp -= 1
        var pc = stack[sp]
        if pc < 0 {
            sp -= 1
            cap[-1 - pc] = stack[sp]
            continue
        }
        while true {
            let j = q.sparse[pc]
            if j < q.n && q.dense[j] == pc {
                break
            }
            let n = q.n
            q.dense[n] = pc
            q.sparse[pc] = n
            q.n = n + 1
            let ins = prog[pc]
            let op = ins.op
            if op <= RE_I_MATCH {
                let t = q.nrun
                q.run[t] = pc
                q.nrun = t + 1
                if ncap > 0 {
                    copy_into(q.caps[t * ncap:t * ncap + ncap], cap)
                }
                break
            }
            if op == RE_I_JMP {
                pc = ins.x
            } else if op == RE_I_SPLIT {
                stack[sp] = ins.y
                sp += 1
                pc = ins.x
            } else if op == RE_I_SAVE {
                if ins.arg < ncap {
                    stack[sp] = cap[ins.arg]
                    stack[sp + 1] = -1 - ins.arg
                    sp += 2
                    cap[ins.arg] = pos
                }
                pc += 1
            } else {
                if !re_assert(ins.arg, s, pos) {
                    break
                }
                pc += 1
            }
        }
    }
}

// Advances every thread of cl over s[pos] into nl. True when a thread
// matched (its captures are then in out, and the threads after it are
// dropped).
fn re_step(r: Regex, cl: ref ReQueue, nl: ref ReQueue, s: string, pos: int, ncap: int, out: []int) -> bool {
    nl.n = 0
    nl.nrun = 0
    let prog = r.prog
    let tab = r.tab
    let tcap = r.tcap
    var c = 0
    if pos < s.len {
        c = s[pos] as int
    }
    for i in 0..cl.nrun {
        let pc = cl.run[i]
        let ins = prog[pc]
        if ins.op == RE_I_MATCH {
            if ncap > 0 {
                copy_into(out[0:ncap], cl.caps[i * ncap:i * ncap + ncap])
            }
            return true
        }
        if pos < s.len && tab[(ins.arg << 8) | c] {
            if ncap > 0 {
                copy_into(tcap[0:ncap], cl.caps[i * ncap:i * ncap + ncap])
            }
            re_add(r, nl, pc + 1, pos + 1, s, ncap, tcap[0:ncap])
        }
    }
    return false
}

// The first position from pos where a match can start, or -1.
fn re_skip(r: Regex, s: string, pos: int) -> int {
    let p = r.prefix
    if p.len > 0 {
        // every match starts with the literal prefix: the runtime's memmem
        let k = __str_index(s[pos:], p)
        if k < 0 {
            return -1
        }
        return pos + k
    }
    if !r.skips {
        return pos
    }
    if r.one > 0 {
        // one byte starts every match: the runtime's memchr finds it
        let k = __str_index_byte(s[pos:], (r.one - 1) as u8)
        if k < 0 {
            return -1
        }
        return pos + k
    }
    let first = r.first
    var i = pos
    while i < s.len {
        if first[s[i]] {
            return i
        }
        i += 1
    }
    return -1
}

// The leftmost-first match starting at or after from: true, with its
// first ncap capture slots in out (ncap even, at most r.ncap).
fn re_exec(r: Regex, s: string, from: int, ncap: int, out: []int) -> bool {
    var cl = r.q0
    var nl = r.q1
    cl.n = 0
    cl.nrun = 0
    let tcap = r.tcap
    var matched = false
    var pos = from
    while true {
        if !matched {
            if cl.nrun == 0 {
                // the pcs visited here led to no thread: forget them, as
                // the search may move on
                cl.n = 0
                if r.anchored && pos > 0 {
                    break
                }
                pos = re_skip(r, s, pos)
                if pos < 0 {
                    break
                }
            }
            if !r.anchored || pos == 0 {
                for k in 0..ncap {
                    tcap[k] = -1
                }
                re_add(r, cl, 0, pos, s, ncap, tcap[0:ncap])
            }
        }
        if cl.nrun == 0 && (matched || r.anchored) {
            // no thread, and none may start later
            break
        }
        if re_step(r, cl, nl, s, pos, ncap, out) {
            matched = true
            if ncap == 0 {
                return true
            }
        }
        if pos >= s.len {
            break
        }
        pos += 1
        let t = cl
        cl = nl
        nl = t
    }
    return matched
}
