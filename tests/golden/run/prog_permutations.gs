// Backtracking: all permutations of 4 items in lexicographic order (Heap's
// order is not used: a used-flags search), subsets with a target sum, and
// the n-queens count, all with slices passed down recursive calls.
fn permute(items: []string, used: []bool, cur: ref []string, out: ref []string) {
    if cur.len == items.len {
        var s = ""
        for x in cur { s = s + x }
        out.push(s)
        return
    }
    for i in 0..items.len {
        if used[i] { continue }
        used[i] = true
        cur.push(items[i])
        permute(items, used, cur, out)
        cur.pop()
        used[i] = false
    }
}

fn subsets(xs: []int, i: int, sum: int, target: int) -> int {
    if i == xs.len {
        if sum == target { return 1 }
        return 0
    }
    return subsets(xs, i + 1, sum + xs[i], target) + subsets(xs, i + 1, sum, target)
}

fn queens(n: int, row: int, cols: []bool, d1: []bool, d2: []bool) -> int {
    if row == n { return 1 }
    var count = 0
    for c in 0..n {
        if cols[c] || d1[row + c] || d2[row - c + n - 1] { continue }
        cols[c] = true
        d1[row + c] = true
        d2[row - c + n - 1] = true
        count += queens(n, row + 1, cols, d1, d2)
        cols[c] = false
        d1[row + c] = false
        d2[row - c + n - 1] = false
    }
    return count
}

fn main() {
    var items: []string
    items.push("a")
    items.push("b")
    items.push("c")
    items.push("d")
    var cur: []string
    var out: []string
    permute(items, make([]bool, 4), cur, out)
    println(out.len, out[0], out[1], out[23])
    var line = ""
    for i in 0..6 { line = line + out[i] + " " }
    println(line)
    var xs = make([]int, 8)
    for i in 0..8 { xs[i] = i + 1 }
    println(subsets(xs, 0, 0, 10), subsets(xs, 0, 0, 36), subsets(xs, 0, 0, 0))
    for n in 1..9 {
        print(queens(n, 0, make([]bool, n), make([]bool, 2 * n), make([]bool, 2 * n)), "")
    }
    println()
}
