// Compile errors of formatted output.
const FMT: string = "{} {}\n"
const NUM: int = 3

struct Holder {
    f: fn(int) -> int
}

fn id(x: int) -> int {
    return x
}

fn main() {
    let s = "dynamic {}"
    printf("{} {}\n", 1)
    printf("{}\n", 1, 2)
    printf(FMT, 1)
    printf(s, 1)
    printf(NUM)
    printf()
    printf("{:x}\n", 2.5)
    printf("{:e} {:c} {:.2}\n", 1, 300, 7)
    printf("{:c}\n", 65)
    printf("{:05} {:05}\n", "s", true)
    printf("{:05c}\n", 65 as u8)
    printf("{:05?}\n", [1, 2])
    printf("{:q}\n", 1)
    printf("{:5\n", 1)
    printf("a { b\n", 1)
    printf("a } b\n")
    printf("{0}\n", 1)
    printf("{:.}\n", 1.5)
    printf("{:2000}\n", 1)
    let x = format("{:x}", "hex")
    var n = 0
    format_into(n, "{}", 1)
    let fixed = make([]u8, 0)
    format_into(fixed, "{}", 1)
    println(id)
    printf("{}\n", Holder{f: id})
    let t = to_string(id)
}
