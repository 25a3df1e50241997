// Indentation: 4 spaces a level, whatever the input had; a continued
// statement one level more; the lines inside brackets one level in, the
// closing bracket's line at its opening line's level.
enum Op {
  Add
      Sub
  Mul
    Div }

struct Config {
x: int
        y: int,
   name: string
}

fn score(c: Config,
            bonus: int) -> int {
  let base = c.x +
    c.y *
          2
        if base > 10 &&
    bonus > 0 {
                return base + bonus
  }
     return base
}

fn apply(op: Op, a: int, b: int) -> int {
 match op {
  Add => return a + b
    Sub => {
   return a - b
        }
  Mul =>
        return a * b
    Div =>
  {
        return a / b }
    }
}

fn run(f: fn(int) -> int) -> int { return f(2) }

fn main() {
      let c = Config{
    x: 4,
            y: 5,
 name: "c",
      }
   let xs = []int{
  1, 2,
        3,
   }
    let n = run(fn(x: int) -> int {
            return x * 10
        })
    let twice =
            fn(x: int) -> int {
        return x * 2
                }
  println(score(c,
    1), apply(Op.Add,
      2, 3), apply(Op.Sub, 5, 1), apply(Op.Mul, 2, 3),
            xs.len, n, wide(), twice(2))
}

enum Tree { Leaf(v: int), Node(kids: []Tree) }

fn sum(t: Tree) -> int {
    match t { Leaf(v) => return v, Node(kids) => { var s = 0; for k in kids { s += sum(k) }; return s } }
}

struct Wide { a: int, b: int,
    c: int; d: int }

fn wide() -> int { let w = Wide{a: 1, b: 2, c: 3, d: 4}; return w.a + w.d + sum(Tree.Leaf(1)) }
