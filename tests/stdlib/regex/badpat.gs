// badpat.gs — for check_bad_patterns.py: compiles every pattern of the
// file args()[0] (one hex-encoded pattern a line) and prints "err <offset>
// <msg>" or, for a pattern that compiles, "ok" and a checksum of what
// find, find_all, captures and replace_all give on a few inputs.
import "regex"

fn hexval(c: u8) -> int {
    if c >= '0' && c <= '9' { return (c - '0') as int }
    return (c - 'a') as int + 10
}

fn unhex(h: string) -> string {
    var b: []u8
    var i = 0
    while i + 1 < h.len {
        b.push((hexval(h[i]) * 16 + hexval(h[i + 1])) as u8)
        i += 2
    }
    let s = from_bytes(b)
    delete(b)
    return s
}

fn exercise(r: regex.Regex, s: string) -> int {
    var sum = 0
    let (a, b) = r.find(s)
    sum += a + 3 * b
    let all = r.find_all(s)
    for m in all { sum += m.start * 7 + m.end }
    let cs = r.captures(s)
    for m in cs { sum += m.start * 5 + m.end }
    let t = r.replace_all(s, "<$1$$${2}>")
    sum += t.len
    if r.is_match(s) { sum += 1 }
    delete(all)
    delete(cs)
    delete(t)
    return sum
}

fn main() {
    let text = read_file(args()[0]).unwrap()
    let inputs = ["", "abc", "aaaa bbb\nccc", "xAbC_12 .-[]{}()", "\x80\xff\x00ab"]
    var start = 0
    for i in 0..text.len {
        if text[i] != '\n' {
            continue
        }
        let pat = unhex(text[start:i])
        start = i + 1
        let (r, err) = regex.compile(pat)
        match err {
            some(e) => println("err", e.offset, e.msg)
            none => {
                var sum = 0
                for s in inputs { sum += exercise(r, s) }
                println("ok", sum)
                r.free()
            }
        }
        delete(pat)
    }
}
