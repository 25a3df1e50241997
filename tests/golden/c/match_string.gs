// A match on strings with many arms tests the length first (a switch on
// it), compares only the literals of that length, and dispatches on the
// arm found (a second switch); with few arms it compares in turn.
fn command(s: string) -> int {
    match s {
        "get" => return 1
        "put" | "set" => return 2
        "delete" => return 3
        "list" => return 4
        "quit" | "exit" => return 5
        _ => return 0
    }
}

fn small(s: string) -> bool {
    match s { "on" | "yes" => return true, _ => return false }
}

fn main() {
    let cmds = ["get", "put", "set", "delete", "list", "quit", "exit", "gets", "", "lisp"]
    for c in cmds { print(command(c), "") }
    println()
    println(small("on"), small("yes"), small("no"))
}
