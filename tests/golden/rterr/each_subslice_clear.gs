// expect runtime error: tests/golden/rterr/each_subslice_clear.gs:9:5: runtime error: index 3 out of range for length 0
// for x in xs[2:5] reads element 2 + k through xs as it is now: clearing
// xs stops the program at the loop after the first element.
fn main() {
    var xs = make([]int, 0)
    for k in 0..6 {
        xs.push(k)
    }
    for x in xs[2:5] {
        println(x)
        xs.clear()
    }
}
