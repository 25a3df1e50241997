// json.Reader: every token of a document in order, skip of a whole value
// and of an object member, more() inside arrays, decoding into structs
// without a tree, strings with escapes, and a sticky error with its offset.
import "json"

struct Point {
    name: string
    x: f64
    y: f64
}

// Reads {"name": ..., "x": ..., "y": ...} (other members skipped).
fn read_point(r: ref json.Reader) -> (Point, ?json.Error) {
    var p = Point{}
    let (_t, err) = r.next()
    if err != none {
        return (p, err)
    }
    while r.more() {
        let (k, e2) = r.next()
        if e2 != none {
            return (p, e2)
        }
        var key = ""
        match k {
            Key(s) => key = s
            _ => {}
        }
        let (v, e3) = r.next()
        if e3 != none {
            return (p, e3)
        }
        match v {
            Num(n) => {
                if key == "x" {
                    p.x = n
                } else if key == "y" {
                    p.y = n
                }
            }
            Str(s) => {
                if key == "name" {
                    p.name = s + ""
                }
            }
            BeginArr | BeginObj => {
                // a nested value nobody asked for: read to its end
                var depth = 1
                while depth > 0 {
                    let (u, e4) = r.next()
                    if e4 != none {
                        return (p, e4)
                    }
                    match u {
                        BeginArr | BeginObj => depth += 1
                        EndArr | EndObj => depth -= 1
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    r.next()
    return (p, none)
}

fn main() {
    let doc = "[{\"name\": \"a\\u00e9\", \"x\": 1, \"y\": 2.5, \"tags\": [1, {\"z\": []}]}, {\"y\": -1e2, \"x\": 0.5, \"name\": \"b\"}]"
    var r = json.new_reader(doc)
    r.next()
    var pts: []Point
    while r.more() {
        let (p, err) = read_point(r)
        if err != none {
            println(err)
            break
        }
        pts.push(p)
    }
    for p in pts {
        println(p)
        delete(p.name)
    }
    delete(pts)
    let (end1, _) = r.next()
    let (end2, _) = r.next()
    println(end1, end2, r.offset())
    r.free()

    // Every token, and skip() of a member and of a whole value.
    var t = json.new_reader(" {\"skip\": {\"deep\": [1, [2, 3]]}, \"k\\n\": [true, null, \"s\"], \"last\": 7} ")
    var _n = 0
    while true {
        let (tok, err) = t.next()
        if err != none {
            println(err)
            break
        }
        println(tok)
        _n += 1
        match tok {
            Key(k) => {
                if k == "skip" {
                    println("skipped:", t.skip(), t.offset())
                }
            }
            BeginArr => println("skipped the first element:", t.skip(), t.offset())
            End => break
            _ => {}
        }
    }
    t.free()

    // Errors are sticky and carry the offset.
    var b = json.new_reader("[1, 2,, 3]")
    for _ in 0..5 {
        let (tok, err) = b.next()
        println(tok, err)
    }
    b.free()
    var d = json.new_reader("[[[1]]]")
    let serr = d.skip()
    let (dt, derr) = d.next()
    println(serr, dt, derr)
    d.free()
}
