// parse_f64: what Go's strconv.ParseFloat reads (no hex, no underscores),
// correctly rounded; none on bad syntax and on overflow.
fn show(s: string) {
    let r = parse_f64(s)
    if r.is_some() {
        printf("{:?} -> {:e} ({})\n", s, r.unwrap(), r.unwrap())
    } else {
        printf("{:?} -> none\n", s)
    }
}

fn main() {
    let ok = ["0", "-0", "+1", "1.", ".5", "3.25", "1e3", "1E+3", "2.5e-3", "-7.0e0", "007",
        "0.1", "9007199254740993", "2.2250738585072011e-308", "4.9e-324", "1e-400",
        "-1e-400", "1.7976931348623157e308", "inf", "+Inf", "-INF", "infinity",
        "-Infinity", "NaN", "nan", "123456789012345678901234567890"]
    for s in ok {
        show(s)
    }
    let bad = ["", " 1", "1 ", "+", "-", ".", "e5", "1e", "1e+", "0x10", "1_000", "1.2.3",
        "+nan", "-nan", "infin", "1e309", "-1e309", "1.8e308", "abc", "1,5"]
    for s in bad {
        show(s)
    }
    // correctly rounded: halfway cases round to even
    println(parse_f64("9007199254740993").unwrap() == 9007199254740992.0)
    println(parse_f64("0.1").unwrap() + parse_f64("0.2").unwrap() == 0.30000000000000004)
}
