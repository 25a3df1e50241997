// langarena: Template::Parse count iterations
//
// Template rendering by hand-written scanning. `prepare` writes an HTML
// page with a title, a paragraph and a table of `count` rows, each with
// three `{{ KEY }}` placeholders (padded with spaces) and single-brace
// text that is no placeholder, and fills the table of variables (TITLE,
// FIRST_NAMEi, LAST_NAMEi, CITYi). Each run copies the text byte by byte
// into a new output, replacing every `{{...}}` by the value of its key
// (spaces and tabs trimmed; nothing for an unknown key; an unclosed `{{`
// is copied as text), and adds the output's length to the checksum; the
// final checksum adds the djb2 hash (u32) of the last output.
//
// Memory: the text is one string and the variables a map.Map[string,
// string], both made in prepare. Each run's output is a span of a slice
// pool (`pool.slice_pool[u8]`) of 1.5 x the text's length, written by
// index, and the previous run's span is freed, as upstream mallocs a new
// buffer and frees the old; a value that would leave too little room for
// the rest of the text first grows the span by resize to twice its
// length (never at these inputs), so an index write cannot fail. Keys
// are trimmed views of the text (upstream copies each one out to trim it
// in place). The byte-by-byte copy runs in its own loop (copy_plain),
// which calls nothing and moves no storage, so the lifetime checks of
// text and output are made once per stretch of plain text rather than at
// every byte. template_parse.gs is the same program with the output made
// by make and deleted.
// Usage: template_parse_library count iterations expected_checksum
//   Prints `Template::Parse: OK in <s>s` or
//   `Template::Parse: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "map"
import "pool"
import "strings"

const NAME: string = "Template::Parse"
const LOREM: string = "Lorem {ipsum} dolor {sit} amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore {et} dolore magna aliqua. "

// LangArena's RNG (unused by this benchmark; kept so every port has the
// same harness).
var rng_last: int = 42

fn rng_reset() { rng_last = 42 }

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln(NAME + ": bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
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

// LangArena's byte checksum (djb2, u32).
fn checksum_bytes(b: []u8) -> u32 {
    var h: u32 = 5381
    for c in b {
        h = (h << 5) + h + c as u32
    }
    return h
}

struct Bench {
    text: string
    vars: map.Map[string, string]
    bufs: pool.slice_pool[u8]
    rendered: []u8 // the last output: its first rendered_len bytes
    rendered_len: int
    result: u32
}

// Adds a variable (the map keeps its own copy of the key; the key
// string made here is deleted).
fn (b: ref Bench) add_var(key: string, value: string) {
    b.vars.put(key, value)
    delete(key)
}

fn (b: ref Bench) prepare(count: int) {
    let first_names = ["John", "Jane", "Bob", "Alice", "Charlie", "Diana", "Sarah", "Mike"]
    let last_names = ["Smith", "Johnson", "Brown", "Taylor", "Wilson", "Davis", "Miller", "Jones"]
    let cities = ["New York", "Los Angeles", "Chicago", "Houston", "Phoenix", "San Francisco"]
    var t = strings.Builder{}
    t.write("<html><body>")
    t.write("<h1>{{TITLE}}</h1>")
    b.vars.put("TITLE", "Template title")
    t.write("<p>")
    t.write(LOREM)
    t.write("</p>")
    t.write("<table>")
    for i in 0..count {
        if i % 3 == 0 {
            t.write("<!-- {comment} -->")
        }
        t.write("<tr>")
        format_into(t, "<td>{{{{ FIRST_NAME{} }}}}</td>", i)
        b.add_var(format("FIRST_NAME{}", i), first_names[i % first_names.len])
        format_into(t, "<td>{{{{LAST_NAME{}}}}}</td>", i)
        b.add_var(format("LAST_NAME{}", i), last_names[i % last_names.len])
        format_into(t, "<td>{{{{  CITY{}  }}}}</td>", i)
        b.add_var(format("CITY{}", i), cities[i % cities.len])
        format_into(t, "<td>{{balance: {}}}</td>", i % 100)
        t.write("</tr>\n")
    }
    t.write("</table>")
    t.write("</body></html>")
    b.text = t.to_string()
    t.free()
}

// The end of the placeholder whose `{{` starts at i: the index of its
// `}}`, or -1 when the text has none after it.
inline fn closing(text: string, i: int) -> int {
    var j = i + 2
    while j + 1 < text.len {
        if text[j] == '}' && text[j + 1] == '}' {
            return j
        }
        j += 1
    }
    return -1
}

// Copies text[i..] to out[n..] byte by byte up to the next `{{` or the
// end of the text; the new i and n. out has room for the rest of text.
fn copy_plain(text: string, i0: int, out: []u8, n0: int) -> (int, int) {
    var i = i0
    var n = n0
    while i < text.len {
        if i + 1 < text.len && text[i] == '{' && text[i + 1] == '{' {
            break
        }
        out[n] = text[i]
        n += 1
        i += 1
    }
    return (i, n)
}

// out, or out resized to at least `need` bytes (twice as large, or more)
// when it is shorter than that; its first n bytes are kept.
fn (b: ref Bench) fit(out: []u8, n: int, need: int) -> []u8 {
    if need <= out.len {
        return out
    }
    return b.bufs.resize(out, max(need, out.len * 2))
}

fn (b: ref Bench) run(_: int) {
    let text = b.text
    var out = b.bufs.alloc_slice(text.len * 3 / 2 + 1)
    var n = 0
    var i = 0
    while i < text.len {
        i, n = copy_plain(text, i, out, n)
        if i >= text.len {
            break
        }
        let j = closing(text, i)
        if j < 0 {
            out[n] = text[i] // an unclosed `{{`: its `{` is text
            n += 1
            i += 1
            continue
        }
        let key = strings.trim(text[i + 2:j], " \t")
        match b.vars.get(key) {
            some(v) => {
                out = b.fit(out, n, n + v.len + text.len - (j + 2))
                for c in v {
                    out[n] = c
                    n += 1
                }
            }
            none => {}
        }
        i = j + 2
    }
    b.bufs.free(b.rendered)
    b.rendered = out
    b.rendered_len = n
    b.result += n as u32
}

fn (b: ref Bench) checksum() -> u32 { return b.result + checksum_bytes(b.rendered[0:b.rendered_len]) }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: template_parse_library count iterations expected_checksum")
        return 2
    }
    let count = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    if count < 0 || iterations < 0 {
        eprintln(NAME + ": count and iterations must be >= 0")
        return 2
    }
    var b = Bench{}
    rng_reset()
    b.prepare(count)
    for i in 0..max(1, iterations * 2 / 10) { b.run(i) }
    rng_reset()
    let t0 = clock_ns()
    for i in 0..iterations { b.run(i) }
    let t1 = clock_ns()
    return report(b.checksum(), expected, t1 - t0)
}
