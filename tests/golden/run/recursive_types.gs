// A struct may hold itself through a slice, a map or a pool even when the
// element type holds it by value: []?Node, map.Map[string, Dir] (its table
// is a slice of slots holding Dir), []Pair[Tree[T], int], a fn type taking
// ?N. The C defines each type after what it holds by value.
import "map"
import "pool"
struct Dir { name: string, children: map.Map[string, Dir], size: int }
struct A { b: []B, tag: int }
struct B { a: ?A, arr: [2]A }
struct Pair[X, Y] { x: X, y: Y }
struct Tree[T] { val: T, kids: []Pair[Tree[T], int] }
struct N { f: fn(?N) -> [2]N, v: int }
struct Graph { nodes: pool.slot_pool[GNode] }
struct GNode { edges: []Pair[GNode, u8], g: ?[]Graph }
struct Deep { xs: []?[2]Deep, v: int }
fn mk(o: ?N) -> [2]N { return [N{f: mk, v: 1}, N{f: mk, v: 2}] }
fn (d: ref Dir) add(path: []string, size: int) {
    d.size += size
    if path.len == 0 { return }
    if !d.children.has(path[0]) { d.children.put(path[0], Dir{name: path[0]}) }
    d.children.get_ref(path[0]).add(path[1:], size)
}
fn main() {
    var root = Dir{name: "/"}
    var p: []string
    p.push("usr")
    p.push("bin")
    root.add(p, 10)
    root.add(p[:1], 5)
    println(root.size, root.children.get("usr").unwrap().size, root.children.get_ref("usr").children.get("bin").unwrap().size)
    var a = A{tag: 1}
    a.b.push(B{})
    a.b[0].a = A{tag: 2}
    println(a.b[0].a.unwrap().tag, a.b[0].arr[1].tag)
    var t = Tree[int]{val: 1}
    t.kids.push(Pair[Tree[int], int]{x: Tree[int]{val: 2}, y: 3})
    println(t.kids[0].x.val + t.kids[0].y)
    let n = N{f: mk, v: 0}
    println(n.f(none)[1].v)
    var g = Graph{}
    let i = g.nodes.alloc(GNode{})
    g.nodes.get(i).edges.push(Pair[GNode, u8]{y: 7})
    println(g.nodes.get(i).edges[0].y)
    var d = Deep{v: 1}
    d.xs.push([Deep{v: 2}, Deep{v: 3}])
    d.xs.push(none)
    println(d.xs[0].unwrap()[1].v, d.xs[1] == none)
}
