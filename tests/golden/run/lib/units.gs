// A helper module imported by lib/geometry.gs and by import_basic.gs (a diamond).
var calls: int = 0

fn label(n: int) -> string {
    calls += 1
    return to_string(n) + " sq"
}
