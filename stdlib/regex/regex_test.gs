// The regex module's own tests (goose test stdlib/regex); this file joins
// the module, so compile and Regex are named unqualified. Expected values
// as Go's regexp gives them (tests/golden/run/std_regex_*.gs print more).

fn match_spans(ms: []Match) -> string {
    var b: []u8
    for m in ms {
        format_into(b, "[{},{})", m.start, m.end)
    }
    let s = from_bytes(b)
    delete(b)
    return s
}

fn must_compile(pat: string) -> Regex {
    let (r, err) = compile(pat)
    assert err == none, "compile " + pat
    return r
}

// r's find_all of s, as spans.
fn all_spans(pat: string, s: string) -> string {
    var r = must_compile(pat)
    let all = r.find_all(s)
    let t = match_spans(all)
    delete(all)
    r.free()
    return t
}

fn replaced(pat: string, s: string, repl: string) -> string {
    var r = must_compile(pat)
    let out = r.replace_all(s, repl)
    r.free()
    return out
}

fn test_is_match_and_find() {
    var r = must_compile("a+")
    assert r.is_match("baaac aa")
    assert !r.is_match("bc")
    let (a, b) = r.find("baaac aa")
    assert a == 1 && b == 4
    let (c, d) = r.find("xyz")
    assert c == -1 && d == -1
    r.free()
}

// Go's rule: an empty match right after a match is not reported.
fn test_find_all_empty_matches() {
    assert all_spans("a+", "baaac aa") == "[1,4)[6,8)"
    assert all_spans("x*", "abc") == "[0,0)[1,1)[2,2)[3,3)"
    assert all_spans("a*", "baaa") == "[0,0)[1,4)"
    assert all_spans("a*?", "baaa") == "[0,0)[1,1)[2,2)[3,3)[4,4)"
    assert all_spans("\\b", "ab cd") == "[0,0)[2,2)[3,3)[5,5)"
    assert all_spans("q", "abc") == ""
}

fn test_captures() {
    var r = must_compile("(\\w+)@(\\w+)\\.com")
    let cs = r.captures("mail bob@example.com now")
    assert match_spans(cs) == "[5,20)[5,8)[9,16)"
    delete(cs)
    r.free()
    var alt = must_compile("(a)|(b)")
    let unmatched = alt.captures("b")
    assert match_spans(unmatched) == "[0,1)[-1,-1)[0,1)"
    delete(unmatched)
    alt.free()
}

// Leftmost-first, as Perl and Go: the first alternative that leads to a
// match wins, not the longest.
fn test_leftmost_first() {
    var r = must_compile("(a|ab)(c|bcd)(d*)")
    let cs = r.captures("abcd")
    assert match_spans(cs) == "[0,4)[0,1)[1,4)[4,4)"
    delete(cs)
    r.free()
}

fn test_replace_all() {
    assert replaced("a+", "baaac aa", "<$0>") == "b<aaa>c <aa>"
    assert replaced("x*", "abc", "-") == "-a-b-c-"
    assert replaced("(\\w+)@(\\w+)\\.com", "mail bob@example.com now", "$2 at ${1}") == "mail example at bob now"
    assert replaced("(a)(b)?", "ac", "$2$1$$ $ $x ${9} $10 ${1") == "a$ $ $x   ${1c"
    assert replaced("(\\d+)", "x12y345", "$1$1") == "x1212y345345"
    assert replaced("^", "abc", "^") == "^abc"
    assert replaced("$", "abc", "$") == "abc$"
}

// An error names the byte where the pattern went wrong.
fn test_compile_errors() {
    let bad = []string{"(abc", "abc)", "[z-a]", "*a", "a{3,2}", "\\q"}
    let offsets = []int{0, 3, 1, 0, 1, 0}
    for i, pat in bad {
        let (_, err) = compile(pat)
        assert err != none, "no error for " + pat
        let e = err.unwrap()
        assert e.offset == offsets[i], format("{}: offset {}", pat, e.offset)
        assert has_suffix_at(e.msg, e.offset)
    }
}

fn has_suffix_at(msg: string, offset: int) -> bool {
    let tail = format(" at offset {}", offset)
    let ok = msg.len >= tail.len && msg[msg.len - tail.len:] == tail
    delete(tail)
    return ok
}
