// A standard library module used without its import: the message says
// which import is missing.
fn main() {
    var xs = make([]int, 3)
    sort.sort(xs)
    var m = map.Map[int, int]{}
    println(nosuch)
}
