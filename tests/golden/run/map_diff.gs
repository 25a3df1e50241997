// Differential check: map.Map[int, int] against a model kept as a sorted
// slice of (key, value) pairs, over 30k random operations (put, get, has,
// remove, get_ref, and now and then clear, free, or a full comparison of
// each's entries sorted with sort.sort_by). Prints mismatches (0) and a
// checksum of every result.
import "map"
import "sort"

struct Entry { k: int, v: int }

var seed: u64 = 0x9E3779B97F4A7C15

fn rnd(n: int) -> int {
    seed ^= seed << 13
    seed ^= seed >> 7
    seed ^= seed << 17
    return ((seed >> 11) % (n as u64)) as int
}

// The index of the first entry with key >= k.
fn lower(xs: []Entry, k: int) -> int {
    var lo = 0
    var hi = xs.len
    while lo < hi {
        let mid = (lo + hi) / 2
        if xs[mid].k < k { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

fn b2u(b: bool, t: u64, f: u64) -> u64 {
    if b { return t }
    return f
}

fn found(xs: []Entry, i: int, k: int) -> bool { return i < xs.len && xs[i].k == k }

fn main() {
    var m = map.Map[int, int]{}
    var model: []Entry
    var bad = 0
    var sum: u64 = 0
    for _step in 0..30_000 {
        let op = rnd(100)
        let k = rnd(1500) - 300
        let i = lower(model, k)
        let has = found(model, i, k)
        if op < 40 {
            let v = rnd(1_000_000)
            m.put(k, v)
            if has {
                model[i].v = v
            } else {
                model.push(Entry{})
                move_from(model[i + 1:model.len], model[i:model.len - 1])
                model[i] = Entry{k: k, v: v}
            }
        } else if op < 60 {
            let got = m.get(k)
            if got.is_some() != has || (has && got.unwrap() != model[i].v) { bad += 1 }
            sum = sum * 31 + (got.or(-1) as u64)
        } else if op < 70 {
            if m.has(k) != has { bad += 1 }
            sum = sum * 31 + b2u(has, 1, 2)
        } else if op < 90 {
            let r = m.remove(k)
            if r != has { bad += 1 }
            if has {
                move_from(model[i:model.len - 1], model[i + 1:model.len])
                let _ = model.pop()
            }
            sum = sum * 31 + b2u(r, 3, 4)
        } else if op < 97 {
            if has {
                m.get_ref(k) += 7
                model[i].v += 7
            }
        } else if op < 98 {
            if rnd(10) == 0 {
                if rnd(2) == 0 { m.clear() } else { m.free() }
                model.clear()
            }
        } else {
            var es: []Entry
            m.each(fn(kk: int, vv: int) { es.push(Entry{k: kk, v: vv}) })
            sort.sort_by(es, fn(a: Entry, b: Entry) -> bool { return a.k < b.k })
            if es.len != model.len || m.len != model.len { bad += 1 }
            for j in 0..min(es.len, model.len) {
                if es[j].k != model[j].k || es[j].v != model[j].v { bad += 1 }
            }
            delete(es)
        }
        sum = sum * 31 + (m.len as u64)
    }
    println("ops 30000 len", m.len, "model", model.len, "mismatches", bad, "checksum", sum)
    m.free()
    delete(model)
}
