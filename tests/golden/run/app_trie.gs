// App: a trie on pool.slot_pool with [26]i32 child arrays, built with
// alloc_index_with closures; pruning frees slots that LIFO reuse then refills.
import "pool"
import "sort"

struct TNode { kids: [26]i32, count: u32, terminal: bool, depth: u8 }

struct Trie { nodes: pool.slot_pool[TNode], root: int, words: int }

fn new_trie() -> Trie {
    var t = Trie{}
    t.root = t.nodes.alloc_index_with(fn(i: int) -> TNode {
        var n = TNode{}
        for k in 0..26 { n.kids[k] = -1 }
        return n
    })
    return t
}

fn (t: ref Trie) insert(w: string) {
    var cur = t.root
    for c in w {
        let k = (c - 'a') as int
        var nxt = t.nodes.get(cur).kids[k] as int
        if nxt < 0 {
            let d = t.nodes.get(cur).depth + 1
            nxt = t.nodes.alloc_index_with(fn(i: int) -> TNode {
                var n = TNode{depth: d}
                for j in 0..26 { n.kids[j] = -1 }
                return n
            })
            t.nodes.get(cur).kids[k] = nxt as i32
        }
        t.nodes.get(cur).count += 1
        cur = nxt
    }
    t.nodes.get(cur).count += 1
    if !t.nodes.get(cur).terminal {
        t.nodes.get(cur).terminal = true
        t.words += 1
    }
}

fn (t: ref Trie) find(w: string) -> ?int {
    var cur = t.root
    for c in w {
        let nx = t.nodes.get(cur).kids[(c - 'a') as int]
        if nx < 0 { return none }
        cur = nx as int
    }
    return cur
}

fn (t: ref Trie) collect(at: int, prefix: string, out: ref []string) {
    let n: TNode = t.nodes.get(at)
    if n.terminal { out.push(prefix) }
    for k, nx in n.kids {
        if nx >= 0 {
            t.collect(nx as int, prefix + letter(k), out)
        }
    }
}

fn letter(k: int) -> string {
    var b = make([]u8, 1)
    b[0] = 'a' + k as u8
    let s = from_bytes(b)
    delete(b)
    return s
}

// remove a whole subtree below prefix; returns the number of slots freed
fn (t: ref Trie) prune(prefix: string) -> int {
    if prefix.len == 0 { return 0 }
    let parent = t.find(prefix[:prefix.len - 1])
    if parent == none { return 0 }
    let k = (prefix[prefix.len - 1] - 'a') as int
    let at = t.nodes.get(parent.unwrap()).kids[k]
    if at < 0 { return 0 }
    t.nodes.get(parent.unwrap()).kids[k] = -1
    var stack: []int
    stack.push(at as int)
    var freed = 0
    while stack.len > 0 {
        let i = stack.pop()
        for nx in t.nodes.get(i).kids {
            if nx >= 0 { stack.push(nx as int) }
        }
        if t.nodes.get(i).terminal { t.words -= 1 }
        t.nodes.free(i)
        freed += 1
    }
    return freed
}

fn main() {
    var t = new_trie()
    let text = "the then there these this that than thanks to toe tom tomato tomb a an and ant antler the to"
    var start = 0
    for i in 0..text.len + 1 {
        if i == text.len || text[i] == ' ' {
            t.insert(text[start:i])
            start = i + 1
        }
    }
    println("words", t.words, "slots", t.nodes.len)
    var all: []string
    t.collect(t.root, "", all)
    var line = ""
    for w in all { line = line + w + " " }
    println(line)
    for q in ["th", "tom", "x", "an", "antlers"] {
        let f = t.find(q)
        if f == none {
            println(q, "absent")
        } else {
            let n = t.nodes.get(f.unwrap())
            println(q, "count", n.count, "terminal", n.terminal, "depth", n.depth)
        }
    }
    let freed = t.prune("tom")
    println("freed", freed, "words", t.words)
    t.insert("tz")
    t.insert("tzar")
    let fz = t.find("tzar").unwrap()
    println("tzar slot", fz, "slots", t.nodes.len)
    var rest: []string
    t.collect(t.root, "", rest)
    sort.sort_by(rest, fn(a: string, b: string) -> bool {
        if a.len != b.len { return a.len > b.len }
        return a < b
    })
    var l2 = ""
    for w in rest[:6] { l2 = l2 + w + "," }
    println(l2, rest.len)
    let r = t.nodes.alloc_ref(TNode{depth: 99})
    r.count = 5
    println(t.nodes.get(t.nodes.len - 1).depth == 99 || r.depth == 99, r.count)
    t.nodes.free_ref(r)
}
