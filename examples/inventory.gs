// inventory.gs — reads a JSON inventory (os.read_file, json.parse), walks
// the tree with match, prints a report with printf, and writes a summary
// back as JSON through a strings.Builder. Shows the standard library's
// error results: a missing file or bad JSON is reported, not a crash.
// args: examples/inventory.json
import "json"
import "os"
import "strings"

struct Item {
    sku: string
    name: string
    qty: int
    price: f64
    tags: []string
}

// The member of an object named key, or Null.
fn member(v: json.Value, key: string) -> json.Value {
    match v {
        Obj(keys, vals) => {
            for i, k in keys {
                if k == key {
                    return vals[i]
                }
            }
        }
        _ => {}
    }
    return json.Value.Null
}

fn text(v: json.Value) -> string {
    match v {
        Str(s) => return s
        _ => return ""
    }
}

fn number(v: json.Value) -> f64 {
    match v {
        Num(n) => return n
        _ => return 0.0
    }
}

// The items of the document; their strings are views into the tree.
fn items(doc: json.Value) -> []Item {
    var out: []Item
    match member(doc, "items") {
        Arr(list) => {
            for it in list {
                var tags: []string
                match member(it, "tags") {
                    Arr(ts) => {
                        for t in ts {
                            tags.push(text(t))
                        }
                    }
                    _ => {}
                }
                out.push(Item{sku: text(member(it, "sku")), name: text(member(it, "name")),
                    qty: number(member(it, "qty")) as int, price: number(member(it, "price")), tags: tags})
            }
        }
        _ => {}
    }
    return out
}

fn main() -> int {
    let path = args()[0]
    let (src, err) = os.read_file(path)
    if err.is_some() {
        eprintln(err.unwrap().msg)
        return 1
    }
    defer delete(src)
    let (doc, perr) = json.parse(src)
    match perr {
        some(e) => {
            eprintf("{}: {}\n", path, e.msg)
            return 1
        }
        none => {}
    }
    defer json.free(doc)

    let list = items(doc)
    printf("warehouse {}\n", text(member(doc, "warehouse")))
    printf("{:<6} {:<18} {:>4} {:>8}  {}\n", "sku", "name", "qty", "value", "tags")
    var total = 0.0
    var out_of_stock: []string
    for it in list {
        let value = it.price * (it.qty as f64)
        total += value
        let tags = strings.join(it.tags, ",")
        printf("{:<6} {:<18} {:>4} {:>8.2}  {}\n", it.sku, it.name, it.qty, value, tags)
        delete(tags)
        if it.qty == 0 {
            out_of_stock.push(it.sku)
        }
    }
    printf("total {:.2}\n", total)

    var b = strings.Builder{}
    b.write("{\"items\":")
    b.write_int(list.len)
    format_into(b, ",\"value\":{:.2},\"out_of_stock\":[", total)
    for i, s in out_of_stock {
        if i > 0 {
            b.write_byte(',')
        }
        format_into(b, "{:?}", s)
    }
    b.write("]}")
    let (summary, serr) = json.parse(b.as_string())
    if !serr.is_some() {
        let again = json.to_string(summary)
        println(again)
        delete(again)
    }
    json.free(summary)
    b.free()
    for it in list {
        delete(it.tags)
    }
    delete(list)
    delete(out_of_stock)
    return 0
}
