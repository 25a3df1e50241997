// sort.gs — sort.sort(xs) (integers, f64, strings: ascending by <) and
// sort.sort_by(xs, less), both stable: a bottom-up merge sort whose first
// pass sorts runs of SORT_RUN elements by insertion; each merge copies its
// shorter half into a scratch buffer of ceil(n/2) elements (one per call)
// and is skipped when the halves are already in order. O(n log n)
// comparisons and moves in the worst case, O(n) for sorted input.
//
// f64: NaNs go first (in their input order), then the rest ascending;
// -0 and +0 compare equal, so they keep their input order. less must be a
// strict weak order; if it is not, the result is still a permutation.
// The < and by-less versions are written out twice so that sort compares
// inline rather than through a function value.
// Not for: other element types with sort (use sort_by).

const SORT_RUN: int = 24

// xs ascending by <, stably; NaNs first for f64.
fn sort[T](xs: []T) {
    var start = 0
    if sort_has_nan(xs) {
        start = sort_nans_first(xs)
    }
    sort_lt(xs[start:xs.len])
}

// The order of sort: < (bytewise for strings). The one use of <, so a
// type without it is reported here, once.
inline fn sort_less[T](a: T, b: T) -> bool {
    return a < b
}

// x != x: an f64 NaN (always false for integers and strings).
inline fn sort_is_nan[T](x: T) -> bool {
    return x != x
}

// Any NaN in xs.
fn sort_has_nan[T](xs: []T) -> bool {
    for i in 0..xs.len {
        if sort_is_nan(xs[i]) {
            return true
        }
    }
    return false
}

// Moves the NaNs to the front, stably on both sides; the count of NaNs.
fn sort_nans_first[T](xs: []T) -> int {
    var rest = make([]T, 0, xs.len)
    var k = 0
    for i in 0..xs.len {
        let x = xs[i]
        if sort_is_nan(x) {
            xs[k] = x
            k += 1
        } else {
            rest.push(x)
        }
    }
    copy_into(xs[k:xs.len], rest)
    delete(rest)
    return k
}

fn sort_lt[T](xs: []T) {
    let n = xs.len
    if n <= SORT_RUN {
        sort_insert_lt(xs)
        return
    }
    var lo = 0
    while lo < n {
        sort_insert_lt(xs[lo:min(lo + SORT_RUN, n)])
        lo += SORT_RUN
    }
    var buf = make([]T, (n + 1) / 2)
    var w = SORT_RUN
    while w < n {
        lo = 0
        while lo + w < n {
            let mid = lo + w
            let hi = min(mid + w, n)
            if sort_less(xs[mid], xs[mid - 1]) {
                sort_merge_lt(xs[lo:hi], mid - lo, buf)
            }
            lo = hi
        }
        w *= 2
    }
    delete(buf)
}

fn sort_insert_lt[T](xs: []T) {
    for i in 1..xs.len {
        let x = xs[i]
        var j = i
        while j > 0 && sort_less(x, xs[j - 1]) {
            xs[j] = xs[j - 1]
            j -= 1
        }
        xs[j] = x
    }
}

// Merges xs[0:mid] and xs[mid:] (each sorted); equal elements keep the
// left one first. The shorter half goes to buf (at most ceil(n/2) long).
fn sort_merge_lt[T](xs: []T, mid: int, buf: []T) {
    if mid > xs.len - mid {
        sort_merge_hi_lt(xs, mid, buf)
        return
    }
    let a = buf[0:mid]
    copy_into(a, xs[0:mid])
    var i = 0
    var j = mid
    var k = 0
    let n = xs.len
    while i < mid && j < n {
        let x = xs[j]
        let y = a[i]
        if sort_less(x, y) {
            xs[k] = x
            j += 1
        } else {
            xs[k] = y
            i += 1
        }
        k += 1
    }
    if i < mid {
        copy_into(xs[k:n], a[i:mid])
    }
}

// xs ordered by less, stably (equal elements keep their input order).
fn sort_by[T](xs: []T, less: fn(T, T) -> bool) {
    let n = xs.len
    if n <= SORT_RUN {
        sort_insert_by(xs, less)
        return
    }
    var lo = 0
    while lo < n {
        sort_insert_by(xs[lo:min(lo + SORT_RUN, n)], less)
        lo += SORT_RUN
    }
    var buf = make([]T, (n + 1) / 2)
    var w = SORT_RUN
    while w < n {
        lo = 0
        while lo + w < n {
            let mid = lo + w
            let hi = min(mid + w, n)
            if less(xs[mid], xs[mid - 1]) {
                sort_merge_by(xs[lo:hi], mid - lo, buf, less)
            }
            lo = hi
        }
        w *= 2
    }
    delete(buf)
}

fn sort_insert_by[T](xs: []T, less: fn(T, T) -> bool) {
    for i in 1..xs.len {
        let x = xs[i]
        var j = i
        while j > 0 && less(x, xs[j - 1]) {
            xs[j] = xs[j - 1]
            j -= 1
        }
        xs[j] = x
    }
}

fn sort_merge_by[T](xs: []T, mid: int, buf: []T, less: fn(T, T) -> bool) {
    if mid > xs.len - mid {
        sort_merge_hi_by(xs, mid, buf, less)
        return
    }
    let a = buf[0:mid]
    copy_into(a, xs[0:mid])
    var i = 0
    var j = mid
    var k = 0
    let n = xs.len
    while i < mid && j < n {
        let x = xs[j]
        let y = a[i]
        if less(x, y) {
            xs[k] = x
            j += 1
        } else {
            xs[k] = y
            i += 1
        }
        k += 1
    }
    if i < mid {
        copy_into(xs[k:n], a[i:mid])
    }
}

// The merge with the right half in buf, filled from the end: on equal
// elements the right one goes last.
fn sort_merge_hi_lt[T](xs: []T, mid: int, buf: []T) {
    let nb = xs.len - mid
    let b = buf[0:nb]
    copy_into(b, xs[mid:xs.len])
    var i = mid
    var j = nb
    var k = xs.len
    while i > 0 && j > 0 {
        k -= 1
        let x = xs[i - 1]
        let y = b[j - 1]
        if sort_less(y, x) {
            xs[k] = x
            i -= 1
        } else {
            xs[k] = y
            j -= 1
        }
    }
    if j > 0 {
        copy_into(xs[0:j], b[0:j])
    }
}

fn sort_merge_hi_by[T](xs: []T, mid: int, buf: []T, less: fn(T, T) -> bool) {
    let nb = xs.len - mid
    let b = buf[0:nb]
    copy_into(b, xs[mid:xs.len])
    var i = mid
    var j = nb
    var k = xs.len
    while i > 0 && j > 0 {
        k -= 1
        let x = xs[i - 1]
        let y = b[j - 1]
        if less(y, x) {
            xs[k] = x
            i -= 1
        } else {
            xs[k] = y
            j -= 1
        }
    }
    if j > 0 {
        copy_into(xs[0:j], b[0:j])
    }
}
