// expect runtime error: tests/golden/rterr/delete_substring.gs:5:5: runtime error: delete of a sub-string
fn main() {
    let s = "ab" + "cd"
    let t = s[1:3]
    delete(t)
}
