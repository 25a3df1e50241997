// Priority scheduler simulation with globals, sort stability and closures
import "sort"
import "map"

struct Task { id: u16, name: string, prio: i8, cost: u32, arrive: u32, done_at: ?u32 }
struct Policy { name: string, less: fn(Task, Task) -> bool }

fn by_prio(a: Task, b: Task) -> bool { return a.prio > b.prio }
fn by_cost(a: Task, b: Task) -> bool { return a.cost < b.cost }
fn fifo(a: Task, b: Task) -> bool { return a.arrive < b.arrive }

var policies: [3]Policy = [Policy{name: "prio", less: by_prio}, Policy{name: "sjf", less: by_cost}, Policy{name: "fifo", less: fifo}]
var next_id: u16 = first_id()
var workload: []Task = build_workload()
const QUANTUM: u32 = 3

fn first_id() -> u16 { return 65530 }

fn build_workload() -> []Task {
    var ts: []Task
    let names = ["io", "cpu", "net", "ui", "gc", "db", "log"]
    for i, n in names {
        ts.push(Task{id: next_id, name: n, prio: ((i * 5) % 7 - 3) as i8, cost: (((i * 7) % 5) + 1) as u32 * 2, arrive: (i / 2) as u32})
        next_id += 1
    }
    return ts
}

fn simulate(p: Policy, tasks: []Task, log: ref []string) -> u64 {
    var pending: []Task
    var clock: u32 = 0
    var next = 0
    var finished: []Task
    var remaining = map.Map[u16, u32]{}
    for t in tasks { remaining.put(t.id, t.cost) }
    while finished.len < tasks.len {
        while next < tasks.len && tasks[next].arrive <= clock {
            pending.push(tasks[next])
            next += 1
        }
        if pending.len == 0 {
            clock += 1
            continue
        }
        sort.sort_by(pending, p.less)
        var cur = pending[0]
        let left = remaining.get(cur.id).unwrap()
        let run = min(left, QUANTUM)
        clock += run
        remaining.get_ref(cur.id) -= run
        if remaining.get(cur.id).unwrap() == 0 {
            cur.done_at = clock
            finished.push(cur)
            // remove pending[0], keep order
            move_from(pending[0:pending.len - 1], pending[1:])
            pending.pop()
            log.push(p.name + ":" + cur.name + "@" + to_string(clock))
        } else {
            // rotate: move to the back so equal keys take turns
            move_from(pending[0:pending.len - 1], pending[1:])
            pending[pending.len - 1] = cur
        }
    }
    var total: u64 = 0
    for f in finished { total += (f.done_at.unwrap() - f.arrive) as u64 }
    remaining.free()
    return total
}

fn main() {
    println("next_id", next_id, "tasks", workload.len)
    for t in workload { print(t.id, t.name, t.prio, t.cost, t.arrive, "|") }
    println()
    var log: []string
    var results: [3]u64
    for i, p in policies {
        results[i] = simulate(p, workload, log)
    }
    for l in log { print(l, "") }
    println()
    for i in 0..3 { println(policies[i].name, results[i]) }
    var best = 0
    let better = fn(i: int) -> bool { return results[i] < results[best] }
    for i in 1..3 {
        if better(i) { best = i }
    }
    println("best", policies[best].name)
}
