// -O2 (lower/pass_facts.c, fx_checked_step): a local that starts >= 0 and
// is otherwise only stepped by `+= c` (0 <= c) right after a passed check
// of it, in the same straight run, stays >= 0: the check says 0 <= head <
// n, a length is below 2^62, so head + c neither goes below zero nor
// wraps. With the loop's test head < q.len, `q[head]` in `bfs` needs no
// check (a worklist that grows while it is read, so loop versioning
// cannot help). `step_first` steps before its check, but under the
// loop's test i < q.len, so i + 1 cannot wrap and i stays >= 0 over the
// loop (the walk back to a local's bound, ir/loop_shapes.gs). The other
// functions keep theirs: the step is also inside an if (`step_in_if`),
// goes down (`step_down`), or the local is an i32 (`narrow`), whose +
// could wrap below a length. Adversarial twin: rterr/nonneg_step_down.gs.
fn bfs(adj: [][]int, start: int) -> int {
    var seen = make([]bool, adj.len)
    var q: []int
    q.push(start)
    seen[start] = true
    var head = 0
    var reached = 0
    while head < q.len {
        let v = q[head]
        head += 1
        reached += 1
        for n in adj[v] {
            if !seen[n] {
                seen[n] = true
                q.push(n)
            }
        }
    }
    return reached
}

fn step_first(q: []int) -> int {
    var i = 0
    var s = 0
    while i < q.len {
        i += 1
        if i < q.len {
            s += q[i]
        }
    }
    return s
}

fn step_in_if(q: []int) -> int {
    var i = 0
    var s = 0
    while i < q.len {
        s += q[i]
        if s > 3 {
            i += 1
        }
        i += 1
    }
    return s
}

fn step_down(q: []int, k: int) -> int {
    var i = k
    var s = 0
    while i < q.len {
        s += q[i]
        i += 1
        i -= 2
    }
    return s
}

fn narrow(q: []int) -> int {
    var i: i32 = 0
    var s = 0
    while (i as int) < q.len {
        s += q[i]
        i += 1
    }
    return s
}

fn main() {
    var adj: [][]int
    for v in 0..6 {
        var e: []int
        e.push((v + 1) % 6)
        e.push((v * 2) % 6)
        adj.push(e)
    }
    println(bfs(adj, 0))
    let q = [1, 2, 3, 4]
    var xs: []int
    for x in q { xs.push(x) }
    println(step_first(xs), step_in_if(xs), narrow(xs))
    println(step_down(xs, 9))
}
