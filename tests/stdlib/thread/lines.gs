// Every line written whole (tests/stdlib/thread/check_lines.py): n bodies
// each write `count` lines of their own, by println with several
// arguments, printf, and print in pieces, while the others do the same.
import "thread"

fn main() {
    let a = args()
    let n = parse_int(a[0]).unwrap()
    let count = parse_int(a[1]).unwrap()
    println("start")
    thread.parallel(n, fn(i: int) {
        for k in 0..count {
            match k % 3 {
                0 => println("t", i, "line", k, "println")
                1 => printf("t {} line {} printf\n", i, k)
                _ => {
                    print("t ")
                    print(i)
                    print(" line ")
                    print(k)
                    print(" print\n")
                }
            }
        }
    })
    println("end")
}
