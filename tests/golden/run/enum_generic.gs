// Generic enums, monomorphised like generic structs: Tree[int].Leaf(1),
// Tree.Leaf(1) where the expected type gives the arguments (a typed
// binding, an assignment, an argument, a result, a field), an enum
// holding itself through a slice and through a map, methods of a generic
// enum.
import "map"

enum Tree[T] { Leaf(v: T), Node(kids: []Tree[T]) }

enum Opt[T] { Nothing, Just(v: T) }

enum Json { Num(n: int), Obj(fields: map.Map[string, Json]) }

struct Holder { t: Tree[string] }

fn (t: Tree[T]) size() -> int {
    match t {
        Leaf(_) => return 1
        Node(kids) => {
            var n = 0
            for k in kids { n += k.size() }
            return n
        }
    }
}

fn sum(t: Tree[int]) -> int {
    match t {
        Leaf(v) => return v
        Node(kids) => {
            var s = 0
            for k in kids { s += sum(k) }
            return s
        }
    }
}

fn leaf(v: int) -> Tree[int] { return Tree.Leaf(v) }

fn get[T](o: Opt[T], d: T) -> T {
    match o {
        Just(v) => return v
        Nothing => return d
    }
}

fn total(j: Json) -> int {
    match j {
        Num(n) => return n
        Obj(fields) => {
            var s = 0
            var f = fields
            f.each(fn(k: string, v: Json) { s += total(v) })
            return s
        }
    }
}

fn main() {
    var kids: []Tree[int]
    kids.push(Tree[int].Leaf(1))
    kids.push(leaf(2))
    kids.push(Tree.Leaf(3))
    let t: Tree[int] = Tree.Node(kids)
    var u: Tree[int]
    println(sum(u), u.size())
    u = Tree.Leaf(40)
    println(sum(t), t.size(), sum(u), sum(Tree.Node(kids)))
    let h = Holder{t: Tree.Leaf("leaf")}
    match h.t {
        Leaf(s) => println(s, h.t.size())
        Node(_) => println("node")
    }
    println(get(Opt[int].Just(5), 0), get(Opt[string].Nothing, "default"))
    let o: Opt[f64] = Opt.Just(2.5)
    println(get(o, 0.0))
    var inner = map.Map[string, Json]{}
    inner.put("a", Json.Num(1))
    inner.put("b", Json.Num(2))
    var outer = map.Map[string, Json]{}
    outer.put("x", Json.Obj(inner))
    outer.put("y", Json.Num(10))
    println(total(Json.Obj(outer)))
    delete(kids)
    inner.free()
    outer.free()
}
