// parse_driver.gs — reads lines from stdin and prints, per line, what
// parse_f64 and parse_int make of it: "f <bits>" or "f none", then
// "i <value>" or "i none", for parse_oracle.py.
import "math"
import "os"
fn main() {
    while true {
        match os.read_line() {
            some(l) => {
                match parse_f64(l) {
                    some(x) => printf("f {}\n", math.f64_bits(x))
                    none => printf("f none\n")
                }
                match parse_int(l) {
                    some(n) => printf("i {}\n", n)
                    none => printf("i none\n")
                }
                delete(l)
            }
            none => break
        }
    }
}
