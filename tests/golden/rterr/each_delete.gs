// expect runtime error: tests/golden/rterr/each_delete.gs:11:5: runtime error: index 3 out of range for length 0
// delete(xs) inside a loop over xs gives the storage back and empties xs,
// so the next iteration stops at the loop's check instead of reading the
// storage given back.
fn main() {
    var xs = make([]int, 0)
    for k in 0..6 {
        xs.push(k)
    }
    println("start")
    for i, x in xs {
        println(i, x)
        if x == 2 {
            delete(xs)
        }
    }
}
