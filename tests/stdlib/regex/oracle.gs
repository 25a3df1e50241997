// oracle.gs — the Goose side of check_oracle.py: reads a case file (args()[0])
// of lines "P <hex pattern>" and "S <hex input> <hex replacement>" and for
// each S line prints what the last pattern's Regex gives:
//   F start end|C s e s e ...|A s e s e ...|R <hex of replace_all>
// and for each P line "P ok" or "P err <offset> <msg>".
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

fn hex(s: string) -> string {
    let digits = "0123456789abcdef"
    var b: []u8
    for i in 0..s.len {
        b.push(digits[(s[i] >> 4) as int])
        b.push(digits[(s[i] & 15) as int])
    }
    let out = from_bytes(b)
    delete(b)
    return out
}

// The fields of a line split at spaces (views).
fn fields(line: string) -> []string {
    var out: []string
    var start = 0
    for i in 0..line.len + 1 {
        if i == line.len || line[i] == ' ' {
            out.push(line[start:i])
            start = i + 1
        }
    }
    return out
}

fn spans(ms: []regex.Match) -> string {
    var b: []u8
    for m in ms {
        format_into(b, "{} {} ", m.start, m.end)
    }
    let out = from_bytes(b)
    delete(b)
    return out
}

fn main() {
    let text = read_file(args()[0]).unwrap()
    var re = regex.Regex{}
    var ok = false
    var start = 0
    for i in 0..text.len {
        if text[i] != '\n' {
            continue
        }
        let f = fields(text[start:i])
        start = i + 1
        if f[0] == "P" {
            if ok { re.free() }
            let pat = unhex(f[1])
            let (r, err) = regex.compile(pat)
            match err {
                some(e) => {
                    println("P err", e.offset, e.msg)
                    ok = false
                }
                none => {
                    println("P ok")
                    ok = true
                    re = r
                }
            }
            delete(pat)
        } else if ok {
            let s = unhex(f[1])
            let repl = unhex(f[2])
            let (a, b) = re.find(s)
            let cs = re.captures(s)
            let all = re.find_all(s)
            let rep = re.replace_all(s, repl)
            let c1 = spans(cs)
            let c2 = spans(all)
            let h = hex(rep)
            println(format("F {} {}|C {}|A {}|R {}", a, b, c1, c2, h))
            if re.is_match(s) != (a >= 0) { println("is_match disagrees with find") }
            delete(c1)
            delete(c2)
            delete(h)
            delete(rep)
            delete(cs)
            delete(all)
            delete(s)
            delete(repl)
        }
        delete(f)
    }
    if ok { re.free() }
}
