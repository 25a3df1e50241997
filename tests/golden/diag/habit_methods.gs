// Methods other languages have where Goose has a field, an operator, a
// builtin or a strings function. A struct without the method gets the
// hint only for to_string (any value has to_string(x)).
struct P { x: int }

fn main() {
    let s = "a,b"
    println(s.contains("a"), s.split(","), s.starts_with("a"), s.to_upper())
    var xs: []int
    println(xs.is_empty(), xs.size(), s.size)
    xs.add(1)
    let o: ?int = none
    println(o.unwrap_or(1), o.expect("x"))
    let p = P{x: 1}
    println(p.to_string(), p.is_empty(), xs.to_string())
}
