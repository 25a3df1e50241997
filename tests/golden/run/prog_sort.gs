// Sorting: insertion sort, an in-place quicksort, a generic merge sort with
// a less-than closure, on data from a small LCG.
var seed: u32 = 12345

fn next_rand() -> int {
    seed = seed * 1103515245 + 12345
    return ((seed >> 16) & 0x7fff) as int
}

fn insertion_sort(xs: []int) {
    for i in 1..xs.len {
        let v = xs[i]
        var j = i - 1
        while j >= 0 && xs[j] > v {
            xs[j + 1] = xs[j]
            j -= 1
        }
        xs[j + 1] = v
    }
}

fn quicksort(xs: []int, lo: int, hi: int) {
    if lo >= hi { return }
    let pivot = xs[(lo + hi) / 2]
    var i = lo
    var j = hi
    while i <= j {
        while xs[i] < pivot { i += 1 }
        while xs[j] > pivot { j -= 1 }
        if i <= j {
            let t = xs[i]
            xs[i] = xs[j]
            xs[j] = t
            i += 1
            j -= 1
        }
    }
    quicksort(xs, lo, j)
    quicksort(xs, i, hi)
}

fn merge_sort[T](xs: []T, less: fn(T, T) -> bool) -> []T {
    if xs.len <= 1 {
        var one: []T
        for x in xs { one.push(x) }
        return one
    }
    let mid = xs.len / 2
    let a = merge_sort(xs[:mid], less)
    let b = merge_sort(xs[mid:], less)
    var out = make([]T, 0, xs.len)
    var i = 0
    var j = 0
    while i < a.len || j < b.len {
        if j >= b.len || (i < a.len && !less(b[j], a[i])) {
            out.push(a[i])
            i += 1
        } else {
            out.push(b[j])
            j += 1
        }
    }
    return out
}

fn is_sorted(xs: []int) -> bool {
    for i in 1..xs.len {
        if xs[i - 1] > xs[i] { return false }
    }
    return true
}

fn checksum(xs: []int) -> int {
    var h = 0
    for x in xs { h = h * 31 + x }
    return h
}

fn main() {
    var a = make([]int, 200)
    for i in 0..a.len { a[i] = next_rand() % 1000 }
    var b = make([]int, a.len)
    copy_into(b, a)
    insertion_sort(a)
    quicksort(b, 0, b.len - 1)
    println(is_sorted(a), is_sorted(b), checksum(a) == checksum(b))
    println(a[0], a[1], a[2], a[199], checksum(a))
    var words: []string
    words.push("pear")
    words.push("apple")
    words.push("fig")
    words.push("banana")
    words.push("apple")
    words.push("cherry")
    let sorted = merge_sort(words, fn(x: string, y: string) -> bool { return x < y })
    for w in sorted { print(w, "") }
    println()
    let by_len = merge_sort(words, fn(x: string, y: string) -> bool { return x.len < y.len })
    for w in by_len { print(w, "") }
    println()
    let desc = merge_sort(a[0:10], fn(x: int, y: int) -> bool { return x > y })
    for v in desc { print(v, "") }
    println()
}
