// At -O2 a global slice that a loop pushes onto or pops from is held in a
// local over the loop (lower/pass_promote.c): copied in before the loop,
// written back after it and before a return inside it; the push grows the
// local by value (gs_slice_grow), so its address never escapes and clang
// keeps the header in registers. drain_call is not held: it calls a
// function, which could read the global. Adversarial twin:
// rterr/promote_index.gs.
var stack: []int

fn drain(limit: int) -> int {
    var n = 0
    while stack.len > 0 {
        let v = stack.pop()
        n += 1
        if v == limit {
            return n
        }
        if v > 1 {
            stack.push(v - 1)
            stack.push(v - 2)
        }
    }
    return n
}

fn peek() -> int {
    return stack.len
}

fn drain_call() -> int {
    var n = 0
    while stack.len > 0 {
        n += peek()
        stack.pop()
    }
    return n
}

fn main() {
    stack.push(5)
    println(drain(100), stack.len)
    stack.push(6)
    println(drain(3), stack.len)
    println(drain_call(), stack.len)
}
