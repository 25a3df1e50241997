// queens.gs — counts the solutions of the n-queens puzzle for every board size up to n, then draws the first solution.
// args: 8

// One search: which columns and diagonals are taken, where the queens of
// the rows placed so far stand, and what was found.
struct Solver {
    n: int
    col_used: []bool
    diag_down: []bool // indexed by row + col
    diag_up: []bool   // indexed by row - col + n - 1
    placed: []int     // placed[row] = the column of that row's queen
    count: int
    first: []int // the first complete placement found
}

fn new_solver(n: int) -> Solver {
    return Solver{n: n, col_used: make([]bool, n),
        diag_down: make([]bool, 2 * n), diag_up: make([]bool, 2 * n),
        placed: make([]int, n)}
}

// Places a queen in `row` in every free column, and recurses.
fn (s: ref Solver) solve(row: int) {
    if row == s.n {
        s.count += 1
        if s.first.len == 0 {
            for c in s.placed {
                s.first.push(c)
            }
        }
        return
    }
    for col in 0..s.n {
        let down = row + col
        let up = row - col + s.n - 1
        if !s.col_used[col] && !s.diag_down[down] && !s.diag_up[up] {
            s.col_used[col] = true
            s.diag_down[down] = true
            s.diag_up[up] = true
            s.placed[row] = col
            s.solve(row + 1)
            s.col_used[col] = false
            s.diag_down[down] = false
            s.diag_up[up] = false
        }
    }
}

fn (s: Solver) draw() {
    var line: []u8
    for row in 0..s.n {
        line.clear()
        for col in 0..s.n {
            line.push(' ')
            if s.first[row] == col {
                line.push('Q')
            } else {
                line.push('.')
            }
        }
        let text = from_bytes(line)
        println(text)
        delete(text)
    }
    delete(line)
}

fn (s: ref Solver) free() {
    delete(s.col_used)
    delete(s.diag_down)
    delete(s.diag_up)
    delete(s.placed)
    delete(s.first)
}

fn main() -> int {
    var n = 8
    let given = args()
    if given.len > 0 {
        n = parse_int(given[0]).or(0)
    }
    if n < 1 || n > 13 {
        eprintln("usage: queens [n], with n from 1 to 13")
        return 2
    }
    let last = n + 1
    for size in 1..last {
        var s = new_solver(size)
        s.solve(0)
        println(size, "queens:", s.count, "solutions")
        if size == n && s.count > 0 {
            println("the first one:")
            s.draw()
        }
        s.free()
    }
    return 0
}
