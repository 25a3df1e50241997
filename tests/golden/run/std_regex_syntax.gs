// regex: the syntax, one construct a line (pattern, input, what find and
// captures give): literals and escapes, ., classes, Perl and POSIX
// classes, anchors, \b \B \A \z, groups, alternation, every repetition
// form greedy and lazy, the flags i m s U, \Q...\E; and bytes semantics
// (a byte from 0x80 is one character; . and negated classes match it).
import "regex"

fn show(pat: string, s: string) {
    let (r, err) = regex.compile(pat)
    if err != none {
        println(pat, "error:", err.unwrap().msg)
        return
    }
    let cs = r.captures(s)
    var b: []u8
    for m in cs {
        format_into(b, " {}..{}", m.start, m.end)
    }
    let t = from_bytes(b)
    printf("{:<24?} {:<16?}{}\n", pat, s, t)
    delete(t)
    delete(b)
    delete(cs)
    r.free()
}

fn main() {
    show("abc", "xxabcx")
    show("a.c", "a\nc abc")
    show("(?s)a.c", "a\nc")
    show("[a-c]+", "xxcabz")
    show("[^a-c]+", "abcxyzab")
    show("[]a]+", "]a]b")
    show("[a-]+", "-a-b")
    show("[\\d\\s]+", "ab1 2\tc")
    show("\\d+\\D+\\w+\\W+\\s+\\S+", "12ab_c!! \tz")
    show("[[:digit:][:upper:]]+", "abC1D2e")
    show("[[:^alpha:]]+", "ab12-c")
    show("\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\", "x.*+?()[]{}|^$\\")
    show("\\x41\\x{42}\\101\\t", "ABA\t")
    show("^ab", "abab")
    show("ab$", "abab")
    show("(?m)^b$", "a\nb\nc")
    show("\\Aab\\z", "ab")
    show("\\bcd\\b", "abcd cd")
    show("\\Bcd", "cd abcd")
    show("(a)(?:b)(c)", "abc")
    show("(?P<first>a)(?<second>b)", "ab")
    show("ab|cd|ef", "xxef")
    show("a|ab", "ab")
    show("a*", "aaa")
    show("a*?", "aaa")
    show("a+?", "aaa")
    show("a??b", "ab")
    show("a{2}", "aaaa")
    show("a{2,}", "aaaaa")
    show("a{2,}?", "aaaaa")
    show("a{1,3}", "aaaaa")
    show("a{1,3}?", "aaaaa")
    show("a{,2}", "a{,2}")
    show("a{", "a{")
    show("(?i)hello", "HeLLo")
    show("(?i:a)b", "Ab AB")
    show("a(?i)b|c", "C aB")
    show("(?U)a+", "aaa")
    show("(?U)a+?", "aaa")
    show("\\Qa.b*\\E+", "xa.b**")
    show("(a*)+", "b")
    show("(a|b)*c", "abac")
    show(".", "\xc3\xa9")
    show("[^a]+", "\xc3\xa9a")
    show("\xc3\xa9+", "\xc3\xa9\xa9\xa9")
    show("[\xc3\xa9]+", "\xa9\xc3x")
    show("(?i)[k]", "K")
    // the search skips to a byte that can start a match while an
    // assertion stops the empty branch: the skip must not keep the visits
    show("(?i)(|a)\\bc", "bBbcAb ca")
}
