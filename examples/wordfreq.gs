// wordfreq.gs — counts the words of a text file with a hand-written hash table and prints the most frequent ones.
// args: examples/wordfreq.txt 10

// An open-addressing hash table from word to count. Its keys are views
// into the text, so counting a word allocates nothing.
struct Table {
    keys: []string
    counts: []int
    used: []bool
    size: int // entries in use
}

struct Entry {
    word: string
    count: int
}

fn new_table(cap: int) -> Table {
    return Table{keys: make([]string, cap), counts: make([]int, cap), used: make([]bool, cap)}
}

// The slot holding w, or the empty slot where it belongs (the capacity is a
// power of two, so the mask picks a slot).
fn (t: ref Table) slot(w: string) -> int {
    let mask = t.keys.len - 1
    var i = (hash(w) & (mask as u64)) as int
    while t.used[i] && t.keys[i] != w {
        i = (i + 1) & mask
    }
    return i
}

// Doubles the table, re-inserts every entry, and gives the old storage back.
fn (t: ref Table) grow() {
    let old: Table = t
    let cap = old.keys.len * 2
    t.keys = make([]string, cap)
    t.counts = make([]int, cap)
    t.used = make([]bool, cap)
    for i, u in old.used {
        if u {
            let j = t.slot(old.keys[i])
            t.used[j] = true
            t.keys[j] = old.keys[i]
            t.counts[j] = old.counts[i]
        }
    }
    delete(old.keys)
    delete(old.counts)
    delete(old.used)
}

fn (t: ref Table) add(w: string) {
    if (t.size + 1) * 4 > t.keys.len * 3 {
        t.grow()
    }
    let i = t.slot(w)
    if t.used[i] {
        t.counts[i] += 1
    } else {
        t.used[i] = true
        t.keys[i] = w
        t.counts[i] = 1
        t.size += 1
    }
}

fn (t: ref Table) entries() -> []Entry {
    var out: []Entry
    for i, u in t.used {
        if u {
            out.push(Entry{word: t.keys[i], count: t.counts[i]})
        }
    }
    return out
}

fn (t: ref Table) free() {
    delete(t.keys)
    delete(t.counts)
    delete(t.used)
}

fn is_letter(c: u8) -> bool {
    return c >= 'a' && c <= 'z'
}

// Lower-cases ASCII letters in place.
fn lower(bytes: []u8) {
    for i, c in bytes {
        if c >= 'A' && c <= 'Z' {
            bytes[i] = c + 32
        }
    }
}

// More frequent first; equally frequent words in alphabetical order.
fn before(a: Entry, b: Entry) -> bool {
    if a.count != b.count {
        return a.count > b.count
    }
    return a.word < b.word
}

// A stable merge sort of xs, using tmp (as long as xs) as scratch space.
fn merge_sort(xs: []Entry, tmp: []Entry) {
    if xs.len < 2 {
        return
    }
    let mid = xs.len / 2
    merge_sort(xs[:mid], tmp[:mid])
    merge_sort(xs[mid:], tmp[mid:])
    var i = 0
    var j = mid
    for k in 0..xs.len {
        if j >= xs.len || (i < mid && !before(xs[j], xs[i])) {
            tmp[k] = xs[i]
            i += 1
        } else {
            tmp[k] = xs[j]
            j += 1
        }
    }
    copy_into(xs, tmp[:xs.len])
}

// s padded with spaces on the left (right = false) or right to width bytes.
fn pad(s: string, width: int, right: bool) -> string {
    var fill = ""
    let missing = width - s.len
    for _ in 0..missing {
        fill = fill + " "
    }
    if right {
        return s + fill
    }
    return fill + s
}

fn main() -> int {
    let given = args()
    if given.len < 1 || given.len > 2 {
        eprintln("usage: wordfreq <file> [how many]")
        return 2
    }
    let path = given[0]
    var top = 10
    if given.len == 2 {
        top = parse_int(given[1]).or(10)
    }
    let file = read_file(path)
    if !file.is_some() {
        eprintln("wordfreq: cannot read", path)
        return 1
    }
    // One lower-cased copy of the text; every word is a view into it.
    let bytes = file.unwrap().bytes()
    lower(bytes)
    let text = from_bytes(bytes)
    delete(bytes)

    var table = new_table(16)
    var words = 0
    var longest = ""
    var i = 0
    while i < text.len {
        if !is_letter(text[i]) {
            i += 1
            continue
        }
        let start = i
        // letters, and an apostrophe (\x27) before a letter: "don't"
        while i < text.len && (is_letter(text[i]) || (text[i] == '\x27' && i + 1 < text.len && is_letter(text[i + 1]))) {
            i += 1
        }
        let w = text[start:i]
        table.add(w)
        words += 1
        if w.len > longest.len {
            longest = w
        }
    }

    let entries = table.entries()
    let scratch = make([]Entry, entries.len)
    merge_sort(entries, scratch)
    println(path + ":", words, "words,", entries.len, "different")
    println("longest:", longest, "(" + to_string(longest.len) + " letters)")
    for k, e in entries {
        if k >= top {
            break
        }
        println(pad(to_string(k + 1) + ".", 4, false), pad(e.word, 12, true), pad(to_string(e.count), 3, false))
    }
    delete(scratch)
    delete(entries)
    table.free()
    delete(text)
    return 0
}
