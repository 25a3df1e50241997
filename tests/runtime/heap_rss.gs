// The heap gives memory back: allocate about 100 MB of
// slices (mostly page runs of 16 KB..300 KB, a third small slab blocks of
// 200..2200 bytes), write every page, delete them all, and check that
// resident memory (VmRSS from /proc/self/statm, in 4 KB pages) is then
// less than 10 MB above where it started. Then once more, to check the
// second round reuses what the first gave back. Prints only the verdicts.
// Run by ctest (tests/runtime/CMakeLists.txt: runtime_heap_rss_*) with
// GOOSE_HEAP unset: giving memory back is the Goose heap's promise, not
// malloc's (inside `goose run`, glibc cannot trim under goose's own data).
const TOTAL: int = 100_000_000
const LIMIT_PAGES: int = 2560 // 10 MB of 4 KB pages

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
    let r = parse_int(s[a + 1:b]).unwrap()
    delete(s)
    return r
}

// Writes one byte in every 4 KB so the slice's pages are resident.
fn touch(x: []u8) {
    var j = 0
    while j < x.len {
        x[j] = 1
        j += 4096
    }
    if x.len > 0 { x[x.len - 1] = 1 }
}

fn main() {
    let base = rss_pages()
    for round in 0..2 {
        var xs: [][]u8
        var bytes = 0
        var k = 0
        while bytes < TOTAL {
            var n = 16_385 + next(300_000)
            if k % 3 == 0 { n = 200 + next(2_000) }
            let x = make([]u8, n)
            touch(x)
            xs.push(x)
            bytes += n
            k += 1
        }
        let full = rss_pages()
        for x in xs { delete(x) }
        delete(xs)
        let after = rss_pages()
        if full - base < 20_000 {
            println("round", round, "did not grow: base", base, "full", full)
        } else if after - base < LIMIT_PAGES {
            println("round", round, "rss fell below 10 MB")
        } else {
            println("round", round, "rss did not fall: base", base, "full", full, "after", after)
        }
    }
}
