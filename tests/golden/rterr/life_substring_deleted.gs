// expect runtime error: tests/golden/rterr/life_substring_deleted.gs:10:5: runtime error: use of freed storage
// A sub-string of a string that was deleted: printing it would read the
// freed bytes.
fn main() {
    let a = "goose"
    let s = a + to_string(42)
    let t = s[1:4]
    println(t)
    delete(s)
    println(t)
}
