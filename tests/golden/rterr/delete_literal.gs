// expect runtime error: tests/golden/rterr/delete_literal.gs:4:5: runtime error: delete of a string literal
fn main() {
    let s = "literal"
    delete(s)
}
