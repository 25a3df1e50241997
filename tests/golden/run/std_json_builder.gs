// json.write appends to a strings.Builder, after and before other writes,
// and gives the same text as json.to_string.
import "json"
import "strings"

fn main() {
    let (v, _) = json.parse("{\"a\": [1, 2.5e-7, \"x\\u0001\"], \"b\": null}")
    var b = strings.Builder{}
    b.write("value=")
    json.write(b, v)
    b.write_byte(';')
    json.write(b, json.Value.Bool(false))
    println(b.as_string(), b.len)
    let s = json.to_string(v)
    b.clear()
    json.write(b, v)
    println(b.as_string() == s)
    delete(s)
    b.free()
    json.free(v)
}
