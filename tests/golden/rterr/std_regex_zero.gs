// expect runtime error: tests/golden/rterr/std_regex_zero.gs:9:18: runtime error: regex: use of a Regex that compile did not make (a zero value or a failed compile)
// A failed compile returns the zero Regex; using it is a bug, reported at
// the user's call.
import "regex"

fn main() {
    let (r, err) = regex.compile("(")
    println(err != none)
    let (a, b) = r.find("x")
    println(a, b)
}
