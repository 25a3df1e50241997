// Recursion, mutual recursion (declaration order does not matter).
fn fib(n: int) -> int {
    if n < 2 { return n }
    return fib(n - 1) + fib(n - 2)
}

fn fact(n: u64) -> u64 {
    if n == 0 { return 1 }
    return n * fact(n - 1)
}

fn is_even(n: int) -> bool {
    if n == 0 { return true }
    return is_odd(n - 1)
}

fn is_odd(n: int) -> bool {
    if n == 0 { return false }
    return is_even(n - 1)
}

fn ack(m: int, n: int) -> int {
    if m == 0 { return n + 1 }
    if n == 0 { return ack(m - 1, 1) }
    return ack(m - 1, ack(m, n - 1))
}

fn hanoi(n: int, from: string, to: string, via: string, moves: ref int) {
    if n == 0 { return }
    hanoi(n - 1, from, via, to, moves)
    moves += 1
    if n == 3 { println("move disk 3", from, "->", to) }
    hanoi(n - 1, via, to, from, moves)
}

fn depth(n: int) -> int {
    if n == 0 { return 0 }
    return 1 + depth(n - 1)
}

fn main() {
    println(fib(20), fib(1), fib(0))
    println(fact(20), fact(21))
    println(is_even(10), is_odd(7), is_even(7))
    println(ack(2, 3))
    var moves = 0
    hanoi(5, "A", "C", "B", moves)
    println(moves)
    println(depth(10000))
}
