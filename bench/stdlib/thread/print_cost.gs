// print_cost.gs — bench/stdlib/thread/print_cost.py: single-threaded
// output, what the thread-safe runtime must not slow down: println of an
// int and a string, printf of an int and an f64, and format (its buffer is
// per thread once threads run). args: lines.
fn main() {
    let n = parse_int(args()[0]).unwrap()
    var x = 0.5
    var total = 0
    for i in 0..n {
        println(i, "line")
        printf("{} {}\n", i, x)
        let s = format("{}-{}", i, i * 3)
        total += s.len
        delete(s)
        x = x * 1.0000003 + 0.25
    }
    println("checksum", total, "pairs", n)
}
