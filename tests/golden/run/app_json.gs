// App: a JSON-like parser into an arena of nodes (optional error string,
// u8 kind consts) and a pretty printer sorting object keys with sort_by.
import "sort"
import "map"

const K_NULL: u8 = 0
const K_BOOL: u8 = 1
const K_NUM: u8 = 2
const K_STR: u8 = 3
const K_ARR: u8 = 4
const K_OBJ: u8 = 5

struct Node {
    kind: u8
    b: bool
    num: f64
    str: string
    kids: []int    // for arrays and objects (values)
    keys: []string // for objects
}

struct Parser { src: string, pos: int, nodes: []Node, err: ?string }

fn (p: ref Parser) ws() {
    while p.pos < p.src.len {
        let c = p.src[p.pos]
        if c == ' ' || c == '\n' || c == '\t' || c == '\r' { p.pos += 1 } else { break }
    }
}

fn (p: ref Parser) add(n: Node) -> int {
    p.nodes.push(n)
    return p.nodes.len - 1
}

fn (p: ref Parser) expect(c: u8) -> bool {
    p.ws()
    if p.pos < p.src.len && p.src[p.pos] == c {
        p.pos += 1
        return true
    }
    if p.err == none { p.err = "expected '" + to_string(c) + "' at " + to_string(p.pos) }
    return false
}

fn (p: ref Parser) string_lit() -> string {
    p.pos += 1
    let st = p.pos
    while p.pos < p.src.len && p.src[p.pos] != '"' { p.pos += 1 }
    let s = p.src[st:p.pos]
    p.pos += 1
    return s
}

fn (p: ref Parser) value() -> int {
    p.ws()
    if p.pos >= p.src.len {
        p.err = "unexpected end"
        return p.add(Node{})
    }
    let c = p.src[p.pos]
    if c == '{' {
        p.pos += 1
        var n = Node{kind: K_OBJ}
        p.ws()
        if p.src[p.pos] == '}' {
            p.pos += 1
            return p.add(n)
        }
        while true {
            p.ws()
            let k = p.string_lit()
            p.expect(':')
            let v = p.value()
            n.keys.push(k)
            n.kids.push(v)
            p.ws()
            if p.src[p.pos] == ',' { p.pos += 1 } else { break }
        }
        p.expect('}')
        return p.add(n)
    }
    if c == '[' {
        p.pos += 1
        var n = Node{kind: K_ARR}
        p.ws()
        if p.src[p.pos] == ']' {
            p.pos += 1
            return p.add(n)
        }
        while true {
            n.kids.push(p.value())
            p.ws()
            if p.src[p.pos] == ',' { p.pos += 1 } else { break }
        }
        p.expect(']')
        return p.add(n)
    }
    if c == '"' { return p.add(Node{kind: K_STR, str: p.string_lit()}) }
    if c == 't' {
        p.pos += 4
        return p.add(Node{kind: K_BOOL, b: true})
    }
    if c == 'f' {
        p.pos += 5
        return p.add(Node{kind: K_BOOL})
    }
    if c == 'n' {
        p.pos += 4
        return p.add(Node{kind: K_NULL})
    }
    // number: optional -, digits, optional .digits
    let st = p.pos
    if p.src[p.pos] == '-' { p.pos += 1 }
    while p.pos < p.src.len && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' { p.pos += 1 }
    var v = parse_int(p.src[st:p.pos]).or(0) as f64
    if p.pos < p.src.len && p.src[p.pos] == '.' {
        p.pos += 1
        var scale = 0.1
        while p.pos < p.src.len && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
            let d = (p.src[p.pos] - '0') as f64
            if v < 0.0 || p.src[st] == '-' { v -= d * scale } else { v += d * scale }
            scale /= 10.0
            p.pos += 1
        }
    }
    return p.add(Node{kind: K_NUM, num: v})
}

fn indent(n: int) -> string {
    var s = ""
    for _ in 0..n { s = s + "  " }
    return s
}

fn render(nodes: []Node, i: int, depth: int, out: ref []string, line: string) {
    let n = nodes[i]
    if n.kind == K_NULL { out.push(line + "null") } else if n.kind == K_BOOL {
        if n.b { out.push(line + "true") } else { out.push(line + "false") }
    } else if n.kind == K_NUM { out.push(line + fmt_f64(n.num, -1)) } else if n.kind == K_STR { out.push(line + "\"" + n.str + "\"") } else if n.kind == K_ARR {
        if n.kids.len == 0 {
            out.push(line + "[]")
            return
        }
        out.push(line + "[")
        for k in n.kids { render(nodes, k, depth + 1, out, indent(depth + 1)) }
        out.push(indent(depth) + "]")
    } else {
        // objects: keys sorted
        var order = make([]int, n.keys.len)
        for j in 0..order.len { order[j] = j }
        sort.sort_by(order, fn(a: int, b: int) -> bool { return n.keys[a] < n.keys[b] })
        out.push(line + "{")
        for j in order {
            render(nodes, n.kids[j], depth + 1, out, indent(depth + 1) + n.keys[j] + ": ")
        }
        out.push(indent(depth) + "}")
    }
}

fn count_kinds(nodes: []Node) -> map.Map[u8, int] {
    var m = map.Map[u8, int]{}
    for n in nodes {
        if m.has(n.kind) { m.get_ref(n.kind) += 1 } else { m.put(n.kind, 1) }
    }
    return m
}

fn main() {
    let src = "{\"name\": \"goose\", \"version\": 3, \"tags\": [\"c\", \"fast\", []], \"ratio\": -0.25, \"ok\": true, \"nested\": {\"z\": null, \"a\": [1, 2.5, {\"deep\": false}]}, \"b\": 12.125}"
    var p = Parser{src: src}
    let root = p.value()
    println("nodes", p.nodes.len, "root", root, "err", p.err.or("none"))
    var lines: []string
    render(p.nodes, root, 0, lines, "")
    for l in lines { println(l) }
    var m = count_kinds(p.nodes)
    for k in 0..6 { print(m.get(k as u8).or(0), "") }
    println()
    var bad = Parser{src: "[1, 2 x"}
    bad.value()
    println(bad.err.or("none"))
}
