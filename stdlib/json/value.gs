// value.gs — the JSON tree (Value), the parsers' error (Error) and free.
// A tree from json.parse owns every string and slice in it; json.free
// gives them back. Objects keep their members in input order, duplicates
// included (keys[i] names vals[i]).
// Not for: parsing (parse.gs), writing (write.gs), streaming (reader.gs).

enum Value {
    Null
    Bool(b: bool)
    Num(n: f64)
    Str(s: string)
    Arr(items: []Value)
    Obj(keys: []string, vals: []Value)
}

// A failed parse or read: msg names what went wrong and where; offset is
// the byte of the input where it went wrong.
struct Error {
    msg: string
    offset: int
}

// Frees every string and slice of v (a tree that owns them, as json.parse
// returns). v must not be used afterwards.
fn free(v: Value) {
    match v {
        Str(s) => delete(s)
        Arr(items) => {
            for x in items {
                free(x)
            }
            delete(items)
        }
        Obj(keys, vals) => {
            for k in keys {
                delete(k)
            }
            for x in vals {
                free(x)
            }
            delete(keys)
            delete(vals)
        }
        _ => {}
    }
}
