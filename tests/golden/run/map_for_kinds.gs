// for over maps of strings and of structs, and over maps in other places:
// a struct field, an element of a slice the body grows (the loop follows
// the map to its new storage), a ref parameter, a let binding and a call's
// result (copies nothing can change). each allows a put of a present key.
// A closure's return inside the loop body returns from the closure only.
// A map replaced whole inside the loop is read as the variable holds it
// now, and the new map is not left marked as iterated.
import "map"
import "sort"

struct Item { name: string, qty: int }

struct Shop { stock: map.Map[string, Item], hits: int }

fn words() -> map.Map[string, string] {
    var m = map.Map[string, string]{}
    m.put("one", "un")
    m.put("two", "deux")
    m.put("three", "trois")
    return m
}

fn total_qty(s: ref Shop) -> int {
    var t = 0
    for _, it in s.stock {
        t += it.qty
        s.hits += 1
    }
    return t
}

fn main() {
    // string keys and values: the keys are the map's copies, valid while
    // the map holds them.
    var fr = words()
    var pairs: []string
    for k, v in fr {
        pairs.push(k + "=" + v)
    }
    sort.sort(pairs)
    for p in pairs {
        print(p, "")
        delete(p)
    }
    println()
    var keys: []string
    for k in fr {
        keys.push(k)
    }
    sort.sort(keys)
    println(keys[0], keys[1], keys[2])
    var chars = 0
    for k, v in words() {
        chars += k.len + v.len
    }
    println("chars", chars)

    // struct values, in a struct field, reached by a ref parameter.
    var shop = Shop{}
    shop.stock.put("apple", Item{name: "Apple", qty: 3})
    shop.stock.put("pear", Item{name: "Pear", qty: 5})
    shop.stock.put("fig", Item{name: "Fig", qty: 7})
    for k, it in shop.stock {
        var bigger = it
        bigger.qty *= 10
        shop.stock.put(k, bigger) // replaces: allowed
        assert it.qty * 10 == shop.stock.get(k).unwrap().qty
    }
    println("total", total_qty(shop), "hits", shop.hits)
    shop.stock.put("kiwi", Item{name: "Kiwi", qty: 1})
    println("after", total_qty(shop), shop.stock.len)

    // A map in a slice element while the body pushes onto the slice.
    var ms: []map.Map[int, int]
    ms.push(map.Map[int, int]{})
    for i in 0..5 {
        ms[0].put(i, i)
    }
    var j = 0
    var sum = 0
    for k, v in ms[j] {
        j = 1 // the element is chosen once
        for _r in 0..10 {
            ms.push(map.Map[int, int]{})
        }
        ms[0].put(k, v * 3)
        sum += v
    }
    var tripled = 0
    ms[0].each(fn(k: int, v: int) { tripled += v })
    println("slice", sum, tripled, ms.len)
    ms[0].each(fn(k: int, v: int) { ms[0].put(k, v + 1) })
    ms[0].put(100, 0)
    println("each", ms[0].len, ms[0].get(4).unwrap())

    // A let map and a closure that returns inside the loop body.
    let fixed = words()
    var nested = 0
    for _a in fixed {
        for _b in fixed {
            nested += 1
        }
    }
    var longest = 0
    for k, v in fixed {
        let longer = fn(a: string, b: string) -> int {
            if a.len > b.len {
                return a.len
            }
            return b.len
        }
        longest = max(longest, longer(k, v))
    }
    println("let", nested, longest)
    fr.put("four", "quatre")
    println("len", fr.len, fr.get("four").unwrap())

    var w = words()
    for _k in w {
        w = map.Map[string, string]{}
        break
    }
    w.put("x", "y")
    println("replaced", w.len)
}
