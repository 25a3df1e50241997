// expect runtime error: tests/golden/rterr/promote_index.gs:15:18: runtime error: index 3 out of range for length 3
// A check inside a loop whose global is held in a local
// (golden/c/promote_global.gs) reads the local: the length it reports is
// the one the program has at that point.
var stack: []int

fn main() {
    stack.push(1)
    stack.push(2)
    var i = 0
    while i < 10 {
        stack.push(i)
        let _y = stack[i + 2]
        i += 1
        let _x = stack[stack.len]
    }
}
