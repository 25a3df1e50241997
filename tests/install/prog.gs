// Built by an installed, then moved, goose (check_install.py): the json and
// strings modules come from the standard library it finds beside itself.
import "json"
import "strings"

fn main() {
    let (v, _) = json.parse("{\"name\": \"goose\", \"legs\": [1, 2]}")
    let s = json.to_string(v)
    println(strings.repeat("=", 3), s, strings.contains(s, "legs"))
    delete(s)
    json.free(v)
}
