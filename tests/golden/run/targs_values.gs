// Type arguments without a call: a generic enum's variant with several type
// arguments or a type that is no expression (E[A, B].V, Tree[[]int].Leaf),
// and a generic function's instance as a value (f[int], mod.f[A, B]).
import "sort"
struct Pair[A, B] { a: A, b: B }
enum Either[A, B] { Left(a: A), Right(b: B) }
enum Tree[T] { Leaf(v: T), Node(kids: []Tree[T]) }

fn first[A, B](p: Pair[A, B]) -> A { return p.a }
fn twice[T](x: T, f: fn(T) -> T) -> T { return f(f(x)) }
fn inc[T](x: T) -> T { return x + 1 }
fn sum[T](t: Tree[T]) -> T {
    match t {
        Leaf(v) => return v,
        Node(kids) => {
            var s: T = 0
            for k in kids { s += sum(k) }
            return s
        }
    }
}

fn by_len(a: string, b: string) -> bool { return a.len < b.len }

fn main() {
    let e = Either[Pair[int, string], []int].Left(Pair[int, string]{a: 1, b: "one"})
    match e {
        Left(p) => println(p.a, p.b),
        Right(xs) => println(xs.len),
    }
    let t = Tree[int].Node([]Tree[int]{Tree[int].Leaf(1), Tree.Leaf(2)})
    println(sum(t))
    let ts = Tree[[]int].Leaf([]int{4, 5})
    match ts { Leaf(v) => println(v.len), _ => {} }
    let g = first[int, string]
    println(g(Pair[int, string]{a: 7, b: "x"}))
    println(twice(5, inc[int]))
    let fs = []fn(int) -> int{inc[int], inc[int]}
    println(fs[1](fs[0](0)))
    let sorter = sort.sort_by[string]
    var words = []string{"ccc", "a", "bb"}
    sorter(words, by_len)
    println(words)
    let xs = []int{3, 1, 2}
    let i = 1
    let ps = []Pair[int, string]{Pair[int, string]{a: 9, b: "nine"}}
    println(ps[i - 1].b, xs[i] + 1)
}
