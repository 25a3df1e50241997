// An index-linked list in a slice of nodes with ?int links: insertion,
// removal, reversal, traversal.
struct Node { val: int, next: ?int }

struct List { nodes: []Node, head: ?int, free: []int }

fn (l: ref List) push_front(v: int) {
    var idx = l.nodes.len
    if l.free.len > 0 {
        idx = l.free.pop()
        l.nodes[idx] = Node{val: v, next: l.head}
    } else {
        l.nodes.push(Node{val: v, next: l.head})
    }
    l.head = idx
}

fn (l: ref List) remove(v: int) -> bool {
    var prev: ?int = none
    var cur = l.head
    while cur != none {
        let i = cur.unwrap()
        if l.nodes[i].val == v {
            if prev == none {
                l.head = l.nodes[i].next
            } else {
                l.nodes[prev.unwrap()].next = l.nodes[i].next
            }
            l.free.push(i)
            return true
        }
        prev = cur
        cur = l.nodes[i].next
    }
    return false
}

fn (l: ref List) reverse() {
    var prev: ?int = none
    var cur = l.head
    while cur.is_some() {
        let i = cur.unwrap()
        let nxt = l.nodes[i].next
        l.nodes[i].next = prev
        prev = cur
        cur = nxt
    }
    l.head = prev
}

fn (l: List) show() {
    var cur = l.head
    var first = true
    while cur.is_some() {
        if !first { print(" -> ") }
        first = false
        let n = l.nodes[cur.unwrap()]
        print(n.val)
        cur = n.next
    }
    println()
}

fn main() {
    var l = List{}
    for i in 0..6 { l.push_front(i * 10) }
    l.show()
    println(l.remove(30), l.remove(99), l.remove(50), l.remove(0))
    l.show()
    l.push_front(7)
    l.push_front(8)
    println(l.nodes.len)
    l.show()
    l.reverse()
    l.show()
}
