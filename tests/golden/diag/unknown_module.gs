// Imports that name no module.
import "no_such_stdlib_module"
import "./lib/not_there"
fn main() {
    let x = cycle_a.from_a()
}
