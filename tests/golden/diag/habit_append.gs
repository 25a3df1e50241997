// Python's xs.append(v) and Go's xs = append(xs, v) are xs.push(v) in
// Goose. A string has no push: no hint there.
fn main() {
    var xs: []int
    xs.append(1)
    var names: []string
    names.append("a")
    xs = append(xs, 2)
    let s = "abc"
    s.append("d")
}
