// A push onto a confined field (pass_fields.c) gives back storage that
// only that field's header named (pass_borrow.c, the open may-free
// summary): in `fill` the loop calls `note`, which pushes onto the
// confined []int field `log`, yet the check of the local []int `h` is
// made once before the loop (a LIVE_TEST) instead of at every store. In
// `fill_shared` the loop calls `note_shared`, which pushes onto `seen`,
// whose header `peek` copies out: `seen` is not confined, the push may
// give back storage `h` names as far as the proofs know, and the check of
// `h` stays in the loop.
struct Log {
    log: []int
    seen: []int
}

fn note(g: ref Log, k: int) -> int {
    g.log.push(k)
    return k * 2
}

fn note_shared(g: ref Log, k: int) -> int {
    g.seen.push(k)
    return k * 3
}

fn peek(g: ref Log) -> []int {
    return g.seen
}

fn fill(g: ref Log, n: int) -> int {
    var h = make([]int, n)
    for i in 0..n {
        h[i] = note(g, i)
    }
    var s = 0
    for x in h {
        s += x
    }
    delete(h)
    return s
}

fn fill_shared(g: ref Log, n: int) -> int {
    var h = make([]int, n)
    for i in 0..n {
        h[i] = note_shared(g, i)
    }
    var s = 0
    for x in h {
        s += x
    }
    delete(h)
    return s
}

fn main() {
    var g = Log{}
    println(fill(g, 100), fill_shared(g, 100), g.log.len, peek(g).len)
}
