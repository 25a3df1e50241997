// langarena: Template::Regex count iterations
//
// `prepare` writes an HTML page with a title and `count` table rows whose
// cells hold `{{ NAME }}` placeholders (with single-brace decoys), and
// the variables they name in a `map.Map[string, string]`; each run renders
// the page: every match of `{{(.*?)}}` (regex `find_all`) is replaced by
// the value of its key (the match without its two braces on each side,
// spaces and tabs trimmed, as upstream's group 1; nothing when there is
// no such variable). The checksum (u32) adds every rendering's length,
// plus the djb2 hash of the last one. The page, the map and the regex are
// made once; the rendering goes into one strings.Builder, cleared each run
// (upstream mallocs a buffer per run). One file, no pool, no RNG.
// Usage: template_regex count iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Template::Regex: OK in <s>s` or
//   `Template::Regex: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "map"
import "regex"
import "strings"

const NAME: string = "Template::Regex"

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

const LOREM: string = "Lorem {ipsum} dolor {sit} amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore {et} dolore magna aliqua. "

var count: int = 0
var text: string
var vars = map.Map[string, string]{}
var re: regex.Regex
var rendered: strings.Builder
var result: u32 = 0

// Adds a variable; the map keeps its own copy of the key.
fn add_var(key: string, value: string) {
    vars.put(key, value)
    delete(key)
}

// upstream's prepare_template: the page and its variables.
fn prepare_template() {
    let first_names = []string{"John", "Jane", "Bob", "Alice", "Charlie", "Diana", "Sarah", "Mike"}
    let last_names = []string{"Smith", "Johnson", "Brown", "Taylor", "Wilson", "Davis", "Miller", "Jones"}
    let cities = []string{"New York", "Los Angeles", "Chicago", "Houston", "Phoenix", "San Francisco"}
    var b: []u8
    defer delete(b)
    format_into(b, "<html><body><h1>{{{{TITLE}}}}</h1>")
    vars.put("TITLE", "Template title")
    format_into(b, "<p>{}</p><table>", LOREM)
    for i in 0..count {
        if i % 3 == 0 {
            format_into(b, "<!-- {{comment}} -->")
        }
        format_into(b, "<tr><td>{{{{ FIRST_NAME{} }}}}</td>", i)
        add_var(format("FIRST_NAME{}", i), first_names[i % 8])
        format_into(b, "<td>{{{{LAST_NAME{}}}}}</td>", i)
        add_var(format("LAST_NAME{}", i), last_names[i % 8])
        format_into(b, "<td>{{{{  CITY{}  }}}}</td>", i)
        add_var(format("CITY{}", i), cities[i % 6])
        format_into(b, "<td>{{balance: {}}}</td></tr>\n", i % 100)
    }
    format_into(b, "</table></body></html>")
    text = from_bytes(b)
}

fn prepare() {
    prepare_template()
    let (r, err) = regex.compile("{{(.*?)}}")
    if err != none {
        eprintln(NAME + ": " + err.unwrap().msg)
        exit(2)
    }
    re = r
}

inline fn is_blank(c: u8) -> bool { return c == ' ' || c == '\t' }

// s without the spaces and tabs at either end (a view).
fn trim_blanks(s: string) -> string {
    var a = 0
    var b = s.len
    while a < b && is_blank(s[a]) { a += 1 }
    while b > a && is_blank(s[b - 1]) { b -= 1 }
    return s[a:b]
}

fn run(_: int) {
    rendered.clear()
    let ms = re.find_all(text)
    defer delete(ms)
    var last = 0
    for m in ms {
        rendered.write(text[last:m.start])
        let v = vars.get(trim_blanks(text[m.start + 2:m.end - 2]))
        if v != none {
            rendered.write(v.unwrap())
        }
        last = m.end
    }
    rendered.write(text[last:text.len])
    result += rendered.len as u32
}

fn checksum() -> u32 { return result + checksum_string(rendered.as_string()) }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: template_regex count iterations expected_checksum")
        return 2
    }
    count = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
