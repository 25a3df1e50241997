// The Goose heap from several threads: storage made on one thread and
// deleted on another (the caller's on workers, the workers' on the
// caller, one worker's on another), strings from format and +, and many
// small and large blocks at once.
import "thread"

struct Node {
    key: int
    name: string
}

fn main() {
    let n = 4
    // made here, deleted on the workers
    var bufs = make([][]int, n)
    for i in 0..n {
        bufs[i] = make([]int, 100 * (i + 1))
        bufs[i][0] = i
    }
    var firsts = make([]int, n)
    thread.parallel(n, fn(i: int) {
        firsts[i] = bufs[i][0] + bufs[i].len
        delete(bufs[i])
    })
    println(firsts)

    // made on the workers (small, mid and huge blocks, strings), kept
    var made = make([][]Node, n)
    var big = make([][]u8, n)
    thread.parallel(n, fn(i: int) {
        var nodes: []Node
        for k in 0..500 {
            nodes.push(Node{key: i * 1000 + k, name: format("n{}-{}", i, k)})
        }
        made[i] = nodes
        big[i] = make([]u8, 5_000_000)
        big[i][4_999_999] = (i + 1) as u8
    })
    // ... deleted here
    var keys = 0
    var chars = 0
    for i in 0..n {
        for nd in made[i] {
            keys += nd.key
            chars += nd.name.len
            delete(nd.name)
        }
        delete(made[i])
        chars += big[i][4_999_999] as int
        delete(big[i])
    }
    println(keys, chars)

    // one worker's storage deleted by another: worker i frees what worker
    // (i + 1) % n made in the round before
    var slots = make([][]string, n)
    for round in 0..3 {
        thread.parallel(n, fn(i: int) {
            let j = (i + 1) % n
            if round > 0 {
                for s in slots[j] {
                    delete(s)
                }
                delete(slots[j])
            }
        })
        thread.parallel(n, fn(i: int) {
            var ss: []string
            for k in 0..300 {
                ss.push(to_string(round * 1_000_000 + i * 1000 + k) + "!")
            }
            slots[i] = ss
        })
    }
    var total = 0
    for i in 0..n {
        total += slots[i].len
        for s in slots[i] {
            delete(s)
        }
        delete(slots[i])
    }
    println(total)

    // churn: every thread allocates and frees at once, many rounds
    var sums = make([]int, n)
    thread.parallel(n, fn(i: int) {
        var acc = 0
        for r in 0..2000 {
            var xs = make([]int, 1 + (r * 7 + i) % 300)
            xs[xs.len - 1] = r
            acc += xs[xs.len - 1]
            delete(xs)
        }
        sums[i] = acc
    })
    println(sums)
}
