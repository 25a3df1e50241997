// parse_goose.gs — the Goose arm of bench/stdlib/json/run.py: parses the
// file args()[0] args()[1] times with json.parse, walks each tree for a
// checksum (the same walk as parse_cjson.c) and frees it.
// Prints `checksum <c> pairs <iterations>`.
import "json"

struct Sum {
    nodes: u64
    bytes: u64
    ints: u64
}

fn walk(v: json.Value, s: ref Sum) {
    s.nodes += 1
    match v {
        Num(n) => {
            if n > -1e15 && n < 1e15 {
                s.ints += (n as i64) as u64
            }
        }
        Str(x) => s.bytes += x.len as u64
        Arr(items) => {
            for x in items {
                walk(x, s)
            }
        }
        Obj(keys, vals) => {
            for i, x in vals {
                s.bytes += keys[i].len as u64
                walk(x, s)
            }
        }
        _ => {}
    }
}

fn main() -> int {
    let a = args()
    let text = read_file(a[0]).unwrap()
    let iters = parse_int(a[1]).unwrap()
    var s = Sum{}
    for _ in 0..iters {
        let (v, err) = json.parse(text)
        if err != none {
            println("parse error", err)
            return 1
        }
        walk(v, s)
        json.free(v)
    }
    println("checksum", s.nodes * 1000003 + s.bytes * 31 + s.ints, "pairs", iters)
    return 0
}
