// regex: compile's errors: the message names what is wrong and ends with
// "at offset N", the byte where the pattern went wrong.
import "regex"

fn main() {
    let bad = []string{
        "a**", "a+*", "x{2}{3}", "*a", "a|+", "(?i)*", "{2}",
        "(abc", "((a)", "abc)", "[abc", "[^", "[]", "[z-a]", "[a-\\d]",
        "a{1001}", "a{3,2}", "\\", "a\\", "\\q", "\\1", "\\8", "\\x4", "\\x{1ff}", "\\400",
        "\\pL", "[[:foo:]]", "(?z)", "(?i", "(?P<>a)", "(?P<n", "(?i-)",
        "(a{1000}){100}",
    }
    for p in bad {
        let (r, err) = regex.compile(p)
        match err {
            some(e) => printf("{:<16?} offset {:>2}: {}\n", p, e.offset, e.msg)
            none => {
                println(p, "compiled")
                r.free()
            }
        }
    }
    var deep = ""
    for _ in 0..1001 {
        let t = "(" + deep + ")"
        if deep.len > 0 { delete(deep) }
        deep = t
    }
    let (_, e) = regex.compile(deep)
    println("1001 nested groups:", e.unwrap().msg)
    delete(deep)
    var b: []u8
    for _ in 0..3000 {
        format_into(b, "(a)")
    }
    let many = from_bytes(b)
    let (_, e3) = regex.compile(many)
    println("3000 groups:", e3.unwrap().msg)
    delete(many)
    delete(b)
}
