// Slices of slices, slices of structs holding slices, and views into them.
struct Row { cells: []int, name: string }

fn main() {
    var grid: [][]int
    for r in 0..3 {
        var row = make([]int, r + 1)
        for c in 0..row.len { row[c] = r * 10 + c }
        grid.push(row)
    }
    grid[2][1] = 99
    println(grid.len, grid[0].len, grid[2].len, grid[2][1], grid[1][0])
    let alias = grid[2]
    alias[0] = -1
    println(grid[2][0])
    grid[1].push(5)
    println(grid[1].len, grid[1][2])
    var rows: []Row
    rows.push(Row{cells: make([]int, 2), name: "r0"})
    rows[0].cells[1] = 7
    rows[0].cells.push(8)
    println(rows[0].cells.len, rows[0].cells[1], rows[0].cells[2], rows[0].name)
    var copy = rows[0]
    copy.cells[0] = 3
    copy.name = "c"
    println(rows[0].cells[0], rows[0].name)
    var total = 0
    for row in grid {
        for v in row { total += v }
    }
    println(total)
    let tail = grid[1:]
    println(tail.len, tail[0].len, tail.cap)
    var ss = make([][]string, 2)
    ss[1].push("x")
    ss[1].push("y")
    println(ss[0].len, ss[1].len, ss[1][0] + ss[1][1])
}
