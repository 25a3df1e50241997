// Methods belong to a struct of their own module; a method and a field may
// not share a name; a generic receiver names the struct's parameters.
struct P { x: int }
struct G[T] { v: T }
fn (p: P) x() -> int { return 1 }
fn (p: P) m() {}
fn (p: P) m() {}
fn (n: int) double() -> int { return n * 2 }
fn (g: G) bad() {}
fn (g: G[int]) bad2() {}
fn main() {}
