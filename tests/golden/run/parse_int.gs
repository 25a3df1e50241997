// parse_int: an optional + or -, then decimal digits, nothing else; none when
// the text is anything else or the value does not fit in an int.
fn show(s: string) {
    let r = parse_int(s)
    if r.is_some() {
        println("[" + s + "]", r.unwrap())
    } else {
        println("[" + s + "]", "none")
    }
}

fn main() {
    show("123")
    show("-45")
    show("+7")
    show("0")
    show("-0")
    show("007")
    show("")
    show("+")
    show("-")
    show("12a")
    show(" 12")
    show("12 ")
    show("1_000")
    show("0x10")
    show("--1")
    show("+-1")
    show("1.5")
    show("9223372036854775807")
    show("9223372036854775808")
    show("-9223372036854775808")
    show("-9223372036854775809")
    show("99999999999999999999")
    show("00000000000000000000000000042")
    let n = parse_int("41").or(0) + 1
    println(n, parse_int("x").or(-1), parse_int("5") == none, parse_int("z") == none)
}
