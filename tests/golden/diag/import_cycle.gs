// Modules may not import each other in a cycle.
import "./lib/cycle_a"
fn main() {
    println(cycle_a.from_a())
}
