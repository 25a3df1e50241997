// Closure parameters need types; a closure may take ref parameters and a function taking one is a value.
fn takes_ref(r: ref int) {}
fn main() {
    let f = fn(r: ref int) {}
    let g = takes_ref
    let h = fn(x: int) -> int { return "s" }
    let k: fn(int) -> int = fn(x: int) -> string { return "s" }
}
