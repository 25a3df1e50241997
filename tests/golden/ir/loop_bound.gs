// BCE rule (pass_facts.c, "a local bounded by a length over a whole
// loop"): i < xs.len at every point of a loop when xs's header is fixed
// over it, i starts below xs.len, and every value stored into i passed a
// check against xs.len first (or is below it by i's own bound). With a
// lower bound from the loop's test, xs[i] and xs[(i - 1) / 2] keep no
// check: a binary heap's sift-up. Also y - c when y > c - 1 is known.
// Kept: a loop that calls a function writing the global, and a store of a
// value not known to be below the length. Adversarial twins:
// rterr/loop_bound_call_writes.gs, rterr/loop_bound_entry.gs,
// rterr/loop_bound_store.gs, rterr/facts_sub_unproven.gs.
var heap: []int

fn sift_up(v: int) {
    heap.push(v)
    var i = heap.len - 1
    while i > 0 {
        let p = (i - 1) / 2
        if heap[p] <= v {
            break
        }
        heap[i] = heap[p]
        i = p
    }
    heap[i] = v
}

// The same on a parameter.
fn sift_local(xs: []int, v: int) {
    var i = xs.len - 1
    while i > 0 {
        let p = (i - 1) / 2
        if xs[p] <= v {
            break
        }
        xs[i] = xs[p]
        i = p
    }
}

fn shrink() {
    if heap.len > 100 {
        heap = heap[0:100]
    }
}

// Kept: shrink may change heap's header inside the loop.
fn sift_calls(v: int) {
    var i = heap.len - 1
    while i > 0 {
        let p = (i - 1) / 2
        shrink()
        if heap[p] <= v {
            break
        }
        heap[i] = heap[p]
        i = p
    }
}

// Kept: i + 1 is not known to be below xs.len.
fn walk_up(xs: []int) -> int {
    var i = 0
    var s = 0
    while i > -1 && s < 3 {
        s += xs[i]
        i = i + 1
    }
    return s
}

// Removed: i - 1 in [0, i) once i > 0 and xs[i] passed.
fn pair(xs: []int, i: int) -> int {
    if i > 0 {
        return xs[i] + xs[i - 1]
    }
    return 0
}

fn main() {
    for v in [5, 3, 8, 1, 9, 2] {
        sift_up(v)
    }
    println(heap[0], heap.len)
    var xs = make([]int, 4)
    xs[0] = 1
    xs[1] = 7
    xs[2] = 5
    sift_local(xs, 0)
    println(xs[0], xs[3])
    sift_calls(0)
    println(walk_up(xs), pair(xs, 2))
}
