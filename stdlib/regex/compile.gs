// compile.gs — the parsed tree to a program for the Pike VM (vm.gs), as
// in Thompson's construction: a split lists its preferred branch first,
// so the VM's thread order gives leftmost-first matching. x{n,m} is n
// copies of x and m - n nested optional copies, so a program may grow to
// RE_MAX_PROG instructions ("expression too large" beyond). The whole
// pattern is wrapped as SAVE 0, body, SAVE 1, MATCH.
// Also here: what the search can skip by (the bytes a match can start
// with, a literal prefix, an anchor at the start of the text).

const RE_I_CLASS: u8 = 0 // one byte of set arg, then pc + 1
const RE_I_MATCH: u8 = 1
const RE_I_JMP: u8 = 2    // to x
const RE_I_SPLIT: u8 = 3  // to x first, then to y
const RE_I_SAVE: u8 = 4   // capture slot arg = the position, then pc + 1
const RE_I_ASSERT: u8 = 5 // assertion arg holds, then pc + 1

const RE_MAX_PROG: int = 50_000

struct ReInst {
    op: u8
    arg: int
    x: int
    y: int
}

struct ReComp {
    nodes: []ReNode
    kids: []int
    prog: []ReInst
    rev: bool // the program of the reversed pattern (for the reverse DFA)
    failed: bool
    off: int
}

fn (c: ref ReComp) emit(op: u8, arg: int, x: int, y: int) -> int {
    c.prog.push(ReInst{op: op, arg: arg, x: x, y: y})
    return c.prog.len - 1
}

// Points split s's branches at first (preferred) and other.
fn (c: ref ReComp) aim(s: int, greedy: bool, body: int, out: int) {
    if greedy {
        c.prog[s].x = body
        c.prog[s].y = out
    } else {
        c.prog[s].x = out
        c.prog[s].y = body
    }
}

// Appends the code of node k.
fn (c: ref ReComp) gen(k: int) {
    if c.failed {
        return
    }
    if c.prog.len > RE_MAX_PROG {
        c.failed = true
        c.off = c.nodes[k].pos
        return
    }
    let nd = c.nodes[k]
    let kind = nd.kind
    if kind == RE_LIT {
        c.emit(RE_I_CLASS, nd.a, 0, 0)
    } else if kind == RE_ASSERT {
        c.emit(RE_I_ASSERT, nd.a, 0, 0)
    } else if kind == RE_CAT {
        for i in 0..nd.n {
            if c.rev {
                c.gen(c.kids[nd.x + nd.n - 1 - i])
            } else {
                c.gen(c.kids[nd.x + i])
            }
        }
    } else if kind == RE_ALT {
        c.gen_alt(nd)
    } else if kind == RE_GROUP {
        c.emit(RE_I_SAVE, 2 * nd.a, 0, 0)
        c.gen(nd.x)
        c.emit(RE_I_SAVE, 2 * nd.a + 1, 0, 0)
    } else if kind == RE_REP {
        c.gen_rep(nd)
        if c.failed {
            // the outermost repetition that overflowed is where it went wrong
            c.off = nd.n
        }
    }
}

// a|b|c: split(a, split(b, c)), each branch jumping to the end.
fn (c: ref ReComp) gen_alt(nd: ReNode) {
    var jumps: []int
    defer delete(jumps)
    for i in 0..nd.n {
        let kid = c.kids[nd.x + i]
        if i == nd.n - 1 {
            c.gen(kid)
            break
        }
        let s = c.emit(RE_I_SPLIT, 0, 0, 0)
        c.gen(kid)
        jumps.push(c.emit(RE_I_JMP, 0, 0, 0))
        c.aim(s, true, s + 1, c.prog.len)
    }
    for j in jumps {
        c.prog[j].x = c.prog.len
    }
}

// x*, x+, x{n,}: n - 1 copies then a loop; x?, x{n,m}: n copies, then
// m - n optional copies nested so that skipping one skips the rest.
fn (c: ref ReComp) gen_rep(nd: ReNode) {
    let body = nd.x
    if nd.b < 0 {
        if nd.a == 0 {
            let s = c.emit(RE_I_SPLIT, 0, 0, 0)
            c.gen(body)
            c.emit(RE_I_JMP, 0, s, 0)
            c.aim(s, nd.greedy, s + 1, c.prog.len)
            return
        }
        for _ in 0..nd.a - 1 {
            c.gen(body)
        }
        let top = c.prog.len
        c.gen(body)
        let s = c.emit(RE_I_SPLIT, 0, 0, 0)
        c.aim(s, nd.greedy, top, s + 1)
        return
    }
    for _ in 0..nd.a {
        c.gen(body)
    }
    var splits: []int
    defer delete(splits)
    for _ in 0..nd.b - nd.a {
        splits.push(c.emit(RE_I_SPLIT, 0, 0, 0))
        c.gen(body)
        if c.failed {
            return
        }
    }
    for s in splits {
        c.aim(s, nd.greedy, s + 1, c.prog.len)
    }
}

// The bytes a match can start with (first[b]), found by following the
// empty moves from the start (assertions taken as passing, so the set may
// be too large, never too small). False when a match may be empty, so
// that nothing may be skipped.
fn re_first_bytes(prog: []ReInst, tab: []bool, first: []bool) -> bool {
    var seen = make([]bool, prog.len)
    defer delete(seen)
    var todo: []int
    defer delete(todo)
    todo.push(0)
    while todo.len > 0 {
        let pc = todo.pop()
        if seen[pc] {
            continue
        }
        seen[pc] = true
        let ins = prog[pc]
        if ins.op == RE_I_MATCH {
            return false
        } else if ins.op == RE_I_CLASS {
            for b in 0..256 {
                if tab[ins.arg * 256 + b] { first[b] = true }
            }
        } else if ins.op == RE_I_JMP {
            todo.push(ins.x)
        } else if ins.op == RE_I_SPLIT {
            todo.push(ins.y)
            todo.push(ins.x)
        } else {
            todo.push(pc + 1)
        }
    }
    return true
}

// The bytes a match can have second (second[b]): the classes reached by
// empty moves after any class the start reaches, as re_first_bytes does
// for the first byte. False when a match may be one byte long (or
// empty), so that no byte after a start may be asked for.
fn re_second_bytes(prog: []ReInst, tab: []bool, second: []bool) -> bool {
    var seen = make([]bool, prog.len)
    defer delete(seen)
    var todo: []int
    defer delete(todo)
    var firsts: []int
    defer delete(firsts)
    // the class threads at the first byte
    todo.push(0)
    while todo.len > 0 {
        let pc = todo.pop()
        if seen[pc] {
            continue
        }
        seen[pc] = true
        let ins = prog[pc]
        if ins.op == RE_I_MATCH {
            return false
        } else if ins.op == RE_I_CLASS {
            firsts.push(pc + 1)
        } else {
            re_empty_moves(todo, ins, pc)
        }
    }
    defaults(seen)
    for pc in firsts {
        todo.push(pc)
    }
    while todo.len > 0 {
        let pc = todo.pop()
        if seen[pc] {
            continue
        }
        seen[pc] = true
        let ins = prog[pc]
        if ins.op == RE_I_MATCH {
            return false
        } else if ins.op == RE_I_CLASS {
            for b in 0..256 {
                if tab[ins.arg * 256 + b] { second[b] = true }
            }
        } else {
            re_empty_moves(todo, ins, pc)
        }
    }
    return true
}

// Pushes onto todo where the empty move at pc (a jump, split, save or
// assertion, the last two taken as passing) leads.
fn re_empty_moves(todo: ref []int, ins: ReInst, pc: int) {
    if ins.op == RE_I_JMP {
        todo.push(ins.x)
    } else if ins.op == RE_I_SPLIT {
        todo.push(ins.y)
        todo.push(ins.x)
    } else {
        todo.push(pc + 1)
    }
}

// The bytes every match starts with: the straight run of one-byte
// classes from the start (captures between them do not consume).
fn re_literal_prefix(prog: []ReInst, tab: []bool) -> []u8 {
    var out: []u8
    var pc = 0
    while true {
        let ins = prog[pc]
        if ins.op == RE_I_SAVE {
            pc += 1
            continue
        }
        if ins.op != RE_I_CLASS {
            break
        }
        var only = -1
        for b in 0..256 {
            if tab[ins.arg * 256 + b] {
                if only >= 0 {
                    return out
                }
                only = b
            }
        }
        if only < 0 {
            break
        }
        out.push(only as u8)
        pc += 1
    }
    return out
}
