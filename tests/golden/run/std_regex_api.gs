// regex: each function of the module on a few patterns: compile, is_match,
// find, find_all (Go's rule for empty matches), captures (unmatched groups
// are -1, -1), replace_all ($1, ${1}, $$, a lone $, a missing group), free.
import "regex"

fn spans(ms: []regex.Match) -> string {
    var b: []u8
    for m in ms {
        format_into(b, "[{},{})", m.start, m.end)
    }
    let s = from_bytes(b)
    delete(b)
    return s
}

fn show(pat: string, s: string, repl: string) {
    let (r, err) = regex.compile(pat)
    if err != none {
        println(pat, "error:", err.unwrap().msg)
        return
    }
    let (a, b) = r.find(s)
    let all = r.find_all(s)
    let cs = r.captures(s)
    let out = r.replace_all(s, repl)
    let t1 = spans(all)
    let t2 = spans(cs)
    printf("{:?} on {:?}: match {} find {} {} all {} caps {} replace {:?} -> {:?}\n",
        pat, s, r.is_match(s), a, b, t1, t2, repl, out)
    delete(t1)
    delete(t2)
    delete(out)
    delete(all)
    delete(cs)
    r.free()
}

fn main() {
    show("a+", "baaac aa", "<$0>")
    show("x*", "abc", "-")
    show("a*", "baaa", "<$0>")
    show("a*?", "baaa", "<$0>")
    show("(\\w+)@(\\w+)\\.com", "mail bob@example.com now", "$2 at ${1}")
    show("(a)|(b)", "b", "[$1|$2]")
    show("(a)(b)?", "ac", "$2$1$$ $ $x ${9} $10 ${1")
    show("(\\d+)", "x12y345", "$1$1")
    show("(?:ab)+", "ababab abab", "#")
    show("^", "abc", "^")
    show("$", "abc", "$")
    show("\\b", "ab cd", "|")
    show("q", "abc", "!")
    show("", "", "e")
    show("(a|ab)(c|bcd)(d*)", "abcd", "$1,$2,$3")
}
