// expect runtime error: tests/golden/rterr/life_for_global.gs:16:5: runtime error: use of freed storage
// A for loop over a global that a called function deletes: the next
// element's read stops.
var g: []int

fn reset() {
    delete(g)
}

fn main() {
    g = make([]int, 5)
    for i in 0..5 {
        g[i] = i
    }
    var sum = 0
    for x in g {
        sum += x
        if x == 2 {
            reset()
        }
    }
    println(sum)
}
