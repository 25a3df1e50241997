// expect runtime error: tests/golden/rterr/lib/checked.gs:4:12: runtime error: index 4 out of range for length 2
// A runtime error inside an imported module is reported at that module's file.
import "./lib/checked"

fn main() {
    println(checked.at(1))
    println(checked.at(4))
}
