// defer together with match, several results, slice literals of enums and a loop over a map:
// continue, break and return inside match arms leave the loop and run the
// deferred statements of every block they leave, once each.
import "map"

enum Op { Add(n: int), Skip, Stop, Quit }

fn run(ops: []Op) -> (int, int) {
    var acc = 0
    var steps = 0
    defer println("run done", acc)
    for op in ops {
        defer steps += 1
        match op {
            Add(n) => acc += n
            Skip => continue
            Stop => break
            Quit => return (acc, -1)
        }
        acc *= 2
    }
    return (acc, steps)
}

fn classify(m: ref map.Map[string, int]) -> int {
    var big = 0
    for k, v in m {
        defer big += 0
        match v {
            0 => continue
            1..=9 => {}
            _ => {
                big += 1
                if k == "stop" {
                    break
                }
            }
        }
    }
    return big
}

fn main() {
    let (a, s) = run([]Op{Op.Add(1), Op.Skip, Op.Add(2), Op.Stop, Op.Add(100)})
    println(a, s)
    let (b, t) = run([]Op{Op.Add(3), Op.Quit, Op.Add(100)})
    println(b, t)
    var m = map.Map[string, int]{}
    m.put("a", 0)
    m.put("b", 5)
    m.put("c", 50)
    println(classify(m))
    m.put("d", 1)
    m.free()
}
