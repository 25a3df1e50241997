// expect runtime error: tests/golden/rterr/life_carried_chain.gs:6:20: runtime error: use of freed storage
// Liveness carried through two calls: the outer callee passes its own
// parameter on, so the inner one reads the answer its caller's caller
// tested, and stops at its own line.
fn inner(s: string) -> int {
    return s.len + s[0] as int
}

fn outer(s: string, k: int) -> int {
    var n = k
    n += inner(s)
    return n
}

fn main() {
    var parts: []string
    parts.push("ab" + "cd")
    let keep = parts[0]
    println(outer(keep, 1))
    delete(parts[0])
    println(outer(keep, 2))
}
