// expect runtime error: tests/golden/rterr/std_json_skip_no_value.gs:10:5: runtime error: json.Reader.skip: no value to skip
// skip where the next token closes the array is a bug of the caller, a
// runtime error at its call (the token is consumed).
import "json"

fn main() {
    var r = json.new_reader("[]")
    r.next()
    println("begin")
    r.skip()
}
