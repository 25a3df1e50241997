// Churn: fill a slice pool with 48 MB of spans of mixed
// sizes, free 90% of them, and check that resident memory falls (freed
// spans give their pages back to the OS); then fill it again and check that
// the pool reuses what it has instead of growing. Both `reusable[] u8` and
// pool.slice_pool[u8]. Resident memory is VmRSS from /proc/self/statm
// (pages), compared with the growth the spans caused, so the page size and
// the process's other memory do not matter. Prints only whether it fell.
import "pool"

const TOTAL: int = 48_000_000

var seed: u64 = 88172645463325252

fn next(n: int) -> int {
    seed ^= seed << 13
    seed ^= seed >> 7
    seed ^= seed << 17
    return (seed % (n as u64)) as int
}

fn rss_pages() -> int {
    let s = read_file("/proc/self/statm").unwrap()
    var a = 0
    while s[a] != ' ' { a += 1 }
    var b = a + 1
    while s[b] != ' ' { b += 1 }
    return parse_int(s[a + 1:b]).unwrap()
}

// Writes one byte in every 4 KB so the span's pages are resident.
fn touch(x: []u8, v: u8) {
    var j = 0
    while j < x.len {
        x[j] = v
        j += 4096
    }
    if x.len > 0 { x[x.len - 1] = v }
}

fn report(what: string, base: int, full: int, after: int) {
    let grew = full - base
    if grew > 0 && full - after >= grew / 2 {
        println(what, "rss fell")
    } else {
        println(what, "rss did not fall: base", base, "full", full, "after free", after)
    }
}

fn main() {
    let base = rss_pages()
    var s: reusable[] u8
    var spans: [][]u8
    for round in 0..2 {
        var bytes = 0
        for k in 0..spans.len {
            if spans[k].len == 0 {
                spans[k] = s.alloc(next(262_144) + 1)
                touch(spans[k], 1)
                bytes += spans[k].len
            }
        }
        while bytes < TOTAL {
            let x = s.alloc(next(262_144) + 1)
            touch(x, 1)
            spans.push(x)
            bytes += x.len
        }
        let full = rss_pages()
        for k in 0..spans.len {
            if k % 10 != 0 {
                s.free(spans[k])
                spans[k] = spans[k][0:0]
            }
        }
        report("reusable[] round " + to_string(round) + ":", base, full, rss_pages())
    }
    for x in spans { s.free(x) }

    let base2 = rss_pages()
    var q = pool.slice_pool[u8]{}
    var qs: [][]u8
    var peak = 0
    for round in 0..2 {
        var bytes = 0
        for k in 0..qs.len {
            if qs[k].len == 0 {
                qs[k] = q.alloc_slice(next(262_144) + 1)
                touch(qs[k], 2)
                bytes += qs[k].len
            }
        }
        while bytes < TOTAL {
            let x = q.alloc_slice(next(262_144) + 1)
            touch(x, 2)
            qs.push(x)
            bytes += x.len
        }
        let full = rss_pages()
        if round == 0 { peak = full }
        // Refilling reuses the freed spans: no more than 25% above the first peak.
        if round == 1 && full - base2 > (peak - base2) * 5 / 4 {
            println("slice_pool refill grew: first", peak, "second", full)
        }
        for k in 0..qs.len {
            if k % 10 != 0 {
                q.free(qs[k])
                qs[k] = qs[k][0:0]
            }
        }
        report("slice_pool round " + to_string(round) + ":", base2, full, rss_pages())
    }
}
