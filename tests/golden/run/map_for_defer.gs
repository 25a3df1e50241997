// defer inside and around a loop over a map.Map: a deferred statement in
// the loop body runs at the end of every iteration, also when break,
// continue or return leaves it; a return from inside the loop runs the
// function's defers after its value is evaluated; after each way out the
// map takes new keys again (its iteration guard was lowered).
import "map"

fn find(m: ref map.Map[int, int], want: int) -> int {
    var visits = 0
    defer println("find", want, "left after a visit:", visits > 0)
    for k, v in m {
        defer visits += 1
        if v == want {
            return k
        }
    }
    return -1
}

fn one_then_break(m: ref map.Map[int, int]) -> int {
    var n = 0
    while true {
        for _ in m {
            defer n += 1
            break
        }
        break
    }
    return n
}

fn count_odd(m: ref map.Map[int, int]) -> (int, int) {
    var n = 0
    var odd = 0
    for k in m {
        defer n += 1
        if k % 2 == 0 {
            continue
        }
        odd += 1
    }
    return (n, odd)
}

fn main() {
    var m = map.Map[int, int]{}
    for i in 0..5 {
        m.put(i, i * 10)
    }
    println(find(m, 30))
    println(find(m, 99))
    m.put(5, 50)
    println(one_then_break(m))
    m.put(6, 60)
    let (n, odd) = count_odd(m)
    println(n, odd)
    m.put(7, 70)
    println(m.len)
    m.free()
}
