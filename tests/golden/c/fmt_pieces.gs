// printf, format and print of a composite: the format string is parsed at
// compile time into one runtime call per literal run and placeholder, with
// the spec packed into a constant (emit-c/cemit_fmt.c); a composite value
// goes to its debug printer gsd_<type>, a width through gs_pf_open/close.
struct Point { x: int, y: ?i8 }

fn main() {
    let p = Point{x: 3, y: -1}
    printf("{} {:>6.2}|{:#^5x}\n", p.x, 2.5, 255 as u8)
    printf("{:26}|\n", p)
    let s = format("{}", [p])
    println(s, p)
    delete(s)
}
