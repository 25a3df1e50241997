// Helper module of enum_module.gs: a JSON-like value enum with a method.
enum Value { Null, Bool(b: bool), Num(n: f64), Str(s: string), List(items: []Value) }

enum Level { Low, High }

fn (v: Value) kind() -> string {
    match v {
        Null => return "null"
        Bool(_) => return "bool"
        Num(_) => return "num"
        Str(_) => return "str"
        List(_) => return "list"
    }
}

fn count(v: Value) -> int {
    match v {
        List(items) => {
            var n = 1
            for x in items { n += count(x) }
            return n
        }
        _ => return 1
    }
}
