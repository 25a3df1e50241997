// A for-each over a string the body assigns (directly, or a global through
// a call) runs over the string as it was at the loop's start, as in Go:
// only a delete of it in the body makes the loop read through the current
// string (rterr/each_string_delete.gs).
var g: string
fn f() { g = "" }
fn main() {
    g = "abc"
    var n = 0
    var s = "ab" + "c"
    var t = s
    for c in g {
        f()
        print(c, "")
        n += 1
    }
    for _c in s { s = "" }
    println(n)
    delete(t)
}
