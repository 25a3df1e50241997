// langarena: Etc::Words words word_len iterations
//
// `prepare` draws `words` random lower-case words (3 to word_len+4
// letters) joined by single spaces; each run counts every word of three
// or more letters in a `map.Map[string, int]` and adds the top count, the
// djb2 hash of the most frequent word and the number of distinct words
// to the checksum (u32). The map holds each distinct word's own copy (as
// upstream's strdup) and its index into `counts`, kept in first-seen
// order: a tie for the top count goes to the word seen first, as
// upstream's uthash (which iterates in insertion order). The map and
// `counts` are cleared after each run (the map gives back its keys); the
// text is made once. One file, no pool.
// Usage: words words word_len iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Etc::Words: OK in <s>s` or
//   `Etc::Words: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "map"

const NAME: string = "Etc::Words"

// LangArena's RNG: next_int(max) = (last * max) / 139968 after the update.
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn next_int(max: int) -> int {
    rng_last = (rng_last * 3877 + 29573) % 139968
    return rng_last * max / 139968
}

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln(NAME + ": bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

// djb2 over the bytes of s (LangArena's checksum of a string).
fn checksum_string(s: string) -> u32 {
    var h: u32 = 5381
    for i in 0..s.len {
        h = (h << 5) + h + s[i] as u32
    }
    return h
}

// Prints the suite line; the exit status.
fn report(sum: u32, expected: int, ns: i64) -> int {
    if sum as int == expected {
        println(NAME + ": OK in " + fmt_f64(ns as f64 / 1e9, 3) + "s")
        return 0
    }
    println(NAME + ": ERR[actual=" + to_string(sum) + ", expected=" + to_string(expected) + "]")
    return 1
}

var words: int = 0
var word_len: int = 0
var text: string
var index = map.Map[string, int]{} // word -> its position in counts
var counts: []int                  // per distinct word, first seen first
var firsts: []string               // each distinct word (a view of text)
var result: u32 = 0

fn prepare() {
    let chars = "abcdefghijklmnopqrstuvwxyz"
    var b: []u8
    defer delete(b)
    for i in 0..words {
        let len = next_int(word_len) + next_int(3) + 3
        for _ in 0..len {
            b.push(chars[next_int(26)])
        }
        if i < words - 1 {
            b.push(' ')
        }
    }
    text = from_bytes(b)
}

// Counts one word.
inline fn count_word(w: string) {
    let o = index.get(w)
    if o == none {
        index.put(w, counts.len)
        counts.push(1)
        firsts.push(w)
    } else {
        counts[o.unwrap()] += 1
    }
}

fn run(_: int) {
    var start = 0
    for i in 0..text.len + 1 {
        if i == text.len || text[i] == ' ' {
            if i - start >= 3 {
                count_word(text[start:i])
            }
            start = i + 1
        }
    }
    var best = 0
    var best_word = ""
    for k, c in counts {
        if c > best {
            best = c
            best_word = firsts[k]
        }
    }
    result += best as u32 + checksum_string(best_word) + index.len as u32
    index.clear()
    counts.clear()
    firsts.clear()
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 4 {
        eprintln("usage: words words word_len iterations expected_checksum")
        return 2
    }
    words = arg_int(a, 0)
    word_len = arg_int(a, 1)
    let iterations = arg_int(a, 2)
    let expected = arg_int(a, 3)
    rng_reset()
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
