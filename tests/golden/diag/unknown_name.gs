// Names that resolve to nothing.
fn main() {
    let a = undefined_var + 1
    no_such_fn(1, 2)
    let p = NoType{}
    var q: Missing
    let r = nothing.field
}
