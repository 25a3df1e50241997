// Go's and C's switch is not Goose: one message at the switch saying
// Goose writes match, and its case lines are skipped with it. With
// parentheses, or without a value, it says the same. (switch is not a
// keyword: run/habit_names.gs declares and uses the name.)
fn main() {
    let x = 3
    switch x {
    case 1:
        println("one")
    default:
        println("other")
    }
    switch (x + 1) {
        case 2: println("two")
    }
    switch {
    }
    println(x)
}
