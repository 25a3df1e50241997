// Conway's game of life on a wrapping 8x8 board of fixed arrays.
const W: int = 8
const H: int = 8

struct Board { cells: [H][W]bool }

fn (b: Board) alive(r: int, c: int) -> bool {
    return b.cells[(r + H) % H][(c + W) % W]
}

fn (b: Board) neighbours(r: int, c: int) -> int {
    var n = 0
    for dr in -1..2 {
        for dc in -1..2 {
            if (dr != 0 || dc != 0) && b.alive(r + dr, c + dc) { n += 1 }
        }
    }
    return n
}

fn step(b: Board) -> Board {
    var next: Board
    for r in 0..H {
        for c in 0..W {
            let n = b.neighbours(r, c)
            next.cells[r][c] = n == 3 || (n == 2 && b.cells[r][c])
        }
    }
    return next
}

fn show(b: Board) {
    for row in b.cells {
        var line = ""
        for cell in row {
            if cell { line = line + "#" } else { line = line + "." }
        }
        println(line)
    }
}

fn population(b: Board) -> int {
    var n = 0
    for row in b.cells {
        for cell in row {
            if cell { n += 1 }
        }
    }
    return n
}

fn main() {
    var b: Board
    // a glider
    b.cells[0][1] = true
    b.cells[1][2] = true
    b.cells[2][0] = true
    b.cells[2][1] = true
    b.cells[2][2] = true
    show(b)
    println("--")
    for _i in 0..4 { b = step(b) }
    show(b)
    println(population(b))
    for _i in 0..28 { b = step(b) }
    println(population(b), b.cells[0][1], b.cells[2][2])
}
