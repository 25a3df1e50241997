// expect runtime error: tests/golden/rterr/each_string_delete.gs:9:5: runtime error: index 1 out of range for length 0
// A delete of the string a for-each loop runs over, inside the loop, also
// empties it: the next iteration stops at the loop's index check instead of
// reading the bytes given back (as for a slice: rterr/each_delete.gs).
fn main() {
    println("before")
    var s = "ab" + "cd"
    var n = 0
    for c in s {
        println(c)
        if n == 0 { delete(s) }
        n += 1
    }
}
