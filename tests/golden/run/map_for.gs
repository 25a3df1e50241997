// for k, v in m and for k in m over a map.Map: every entry once (the
// order is not promised, so what is printed is sorted or summed); copies
// of key and value; a put of a key already there during the loop replaces
// the value and the loop goes on; an empty map (never filled, cleared,
// freed) runs no iteration; break, continue and return leave the map
// changeable again (a return before its value is evaluated); nested loops
// over the same map.
import "map"
import "sort"

fn sorted_keys(m: ref map.Map[int, int]) -> []int {
    var ks: []int
    for k in m {
        ks.push(k)
    }
    sort.sort(ks)
    return ks
}

fn show(label: string, m: ref map.Map[int, int]) {
    let ks = sorted_keys(m)
    print(label)
    for k in ks {
        print("", k, "=", m.get(k).unwrap())
    }
    println()
    delete(ks)
}

// The smallest key whose value is at least v, or -1 (a loop run to its
// end inside a function).
fn first_at_least(m: ref map.Map[int, int], v: int) -> int {
    var best = -1
    for k, x in m {
        if x >= v && (best < 0 || k < best) {
            best = k
        }
    }
    return best
}

fn any_at_least(m: ref map.Map[int, int], v: int) -> bool {
    for _, x in m {
        if x >= v {
            return true
        }
    }
    return false
}

// A return from two loops over the same map at once.
fn pair_summing_to(m: ref map.Map[int, int], s: int) -> int {
    for a in m {
        for b in m {
            if a < b && a + b == s {
                return a * 100 + b
            }
        }
    }
    return -1
}

// A return leaves the loop before its value is evaluated: the map it
// returns is not marked as iterated, and a change in the value is allowed.
fn built() -> map.Map[int, int] {
    var m = map.Map[int, int]{}
    m.put(1, 1)
    for _k in m {
        return m
    }
    return m
}

fn take_one(m: ref map.Map[int, int]) -> bool {
    for k in m {
        return m.remove(k)
    }
    return false
}

fn main() {
    var m = map.Map[int, int]{}
    var n = 0
    for _k, _v in m {
        n += 1
    }
    for _k in m {
        n += 1
    }
    println("empty", n)
    for i in 1..9 {
        m.put(i, i * i)
    }
    var ksum = 0
    var vsum = 0
    for k, v in m {
        ksum += k
        vsum += v
    }
    println("sums", ksum, vsum, m.len)
    show("squares", m)

    // A put of a present key replaces its value; the bound v is a copy.
    var old = 0
    for k, v in m {
        m.put(k, v + 1000)
        old += v
        assert m.get(k).unwrap() == v + 1000
    }
    println("replaced", old, m.len)
    show("plus", m)

    // continue and break; afterwards the map may change again.
    var odd = 0
    for k in m {
        if k % 2 == 0 {
            continue
        }
        odd += 1
    }
    var seen = 0
    for _k in m {
        seen += 1
        if seen == 3 {
            break
        }
    }
    println("odd", odd, "seen", seen)
    m.put(9, 81)
    println("removed", m.remove(1), m.len)

    // Returns from inside one loop and from two nested loops.
    println("first", first_at_least(m, 1016), first_at_least(m, 5000))
    println("any", any_at_least(m, 1064), any_at_least(m, 5000))
    println("pair", pair_summing_to(m, 17), pair_summing_to(m, 100))
    m.put(10, 100)
    println("after returns", m.len, m.remove(10), m.len)

    // Nested loops over the same map, the inner one left by break.
    var pairs = 0
    var inner = 0
    var all = 0
    for a, _x in m {
        for b, _y in m {
            if b == a {
                break
            }
            inner += 1
        }
        for _b, _y in m {
            all += 1
        }
        for b in m {
            if a < b {
                pairs += 1
            }
        }
    }
    println("pairs", pairs, "all", all, "inner<=", inner <= 56)
    m.put(11, 121)
    m.clear()
    for _k in m {
        n += 1
    }
    println("cleared", n, m.len)
    m.put(1, 1)
    m.free()
    for _k, _v in m {
        n += 1
    }
    println("freed", n, m.len)
    m.put(2, 4)
    show("reused", m)
    m.free()
    var b = built()
    b.put(2, 2)
    println("returned", b.len, take_one(b), b.len)
    b.put(3, 3)
    b.free()
}
