// driver.gs — runs the cases oracle.py writes to stdin through the strings
// module and writes each result, framed as the input is: a line with the
// operation's name, then each argument as a line with its byte length
// followed by its bytes. Results: one framed field per value, slices as a
// count line then their elements.
import "os"
import "strings"

struct Input {
    text: string
    at: int
}

fn (r: ref Input) line() -> string {
    let i = strings.index_byte(r.text[r.at:], '\n')
    let l = r.text[r.at:r.at + i]
    r.at += i + 1
    return l
}

fn (r: ref Input) field() -> string {
    let n = parse_int(r.line()).unwrap()
    let f = r.text[r.at:r.at + n]
    r.at += n + 1
    return f
}

fn put(out: ref strings.Builder, s: string) {
    out.write_int(s.len)
    out.write_byte('\n')
    out.write(s)
    out.write_byte('\n')
}

fn put_all(out: ref strings.Builder, xs: []string) {
    out.write_int(xs.len)
    out.write_byte('\n')
    for x in xs {
        put(out, x)
    }
}

fn put_int(out: ref strings.Builder, n: int) {
    format_into(out, "{}\n", n)
}

fn put_bool(out: ref strings.Builder, b: bool) {
    if b {
        put_int(out, 1)
    } else {
        put_int(out, 0)
    }
}

fn run(op: string, r: ref Input, out: ref strings.Builder) {
    let a = r.field()
    let b = r.field()
    let c = r.field()
    let n = parse_int(r.field()).unwrap()
    match op {
        "contains" => put_bool(out, strings.contains(a, b))
        "index" => put_int(out, strings.index(a, b))
        "last_index" => put_int(out, strings.last_index(a, b))
        "index_byte" => put_int(out, strings.index_byte(a, b[0]))
        "has_prefix" => put_bool(out, strings.has_prefix(a, b))
        "has_suffix" => put_bool(out, strings.has_suffix(a, b))
        "count" => put_int(out, strings.count(a, b))
        "compare" => put_int(out, strings.compare(a, b))
        "split" => {
            let xs = strings.split(a, b)
            put_all(out, xs)
            delete(xs)
        }
        "fields" => {
            let xs = strings.fields(a)
            put_all(out, xs)
            delete(xs)
        }
        "join" => {
            let xs = strings.split(a, "\x00")
            let j = strings.join(xs, b)
            put(out, j)
            delete(j)
            delete(xs)
        }
        "replace" => {
            let s = strings.replace(a, b, c)
            put(out, s)
            delete(s)
        }
        "replace_n" => {
            let s = strings.replace_n(a, b, c, n)
            put(out, s)
            delete(s)
        }
        "repeat" => {
            let s = strings.repeat(a, n)
            put(out, s)
            delete(s)
        }
        "to_lower" => {
            let s = strings.to_lower(a)
            put(out, s)
            delete(s)
        }
        "to_upper" => {
            let s = strings.to_upper(a)
            put(out, s)
            delete(s)
        }
        "from_byte" => {
            let s = strings.from_byte(a[0])
            put(out, s)
            delete(s)
        }
        "trim" => put(out, strings.trim(a, b))
        "trim_left" => put(out, strings.trim_left(a, b))
        "trim_right" => put(out, strings.trim_right(a, b))
        "trim_space" => put(out, strings.trim_space(a))
        "builder" => {
            var bd = strings.Builder{}
            for piece in strings.split(a, "\x00") {
                bd.write(piece)
                bd.write(bd.as_string()[0:min(bd.len, n)])
            }
            put(out, bd.as_string())
            bd.free()
        }
        _ => panic("unknown operation " + op)
    }
}

fn main() {
    var r = Input{text: os.read_all_stdin(), at: 0}
    var out = strings.Builder{}
    while r.at < r.text.len {
        let op = r.line()
        run(op, r, out)
    }
    print(out.as_string())
}
