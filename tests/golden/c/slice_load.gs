// A slice kept in a temp after a read from memory (a global, a field, an
// element of a slice of slices) is copied field by field, `(T){p.ptr,
// p.len, p.cap}`, not as a whole struct: clang lowers a whole-struct copy
// to a memcpy whose pieces lose their type-based alias facts, and a loop
// storing through the slice then reloads its header on every iteration
// (bench/apps/c_ratio.py: sieve). A slice in a local is copied whole.
var flags: []bool
var rows: [][]int

struct Grid {
    cells: []int
}

fn mark(limit: int) -> int {
    var count = 0
    var i = 2
    while i <= limit {
        if !flags[i] {
            count += 1
            var j = i * i
            while j <= limit {
                flags[j] = true
                j += i
            }
        }
        i += 1
    }
    return count
}

fn row_sum(r: int) -> int {
    let xs = rows[r]
    var s = 0
    for k in 0..xs.len {
        s += xs[k]
    }
    return s
}

fn (g: ref Grid) fill(v: int) {
    let cs = g.cells
    for k in 0..cs.len {
        cs[k] = v
    }
}

fn main() {
    flags = make([]bool, 101)
    rows = make([][]int, 2)
    rows[1] = make([]int, 3)
    rows[1][2] = 7
    var g = Grid{cells: make([]int, 4)}
    g.fill(5)
    let local = g.cells
    let again = local
    println(mark(100), row_sum(1), again[3])
}
