// main is fn main() or fn main() -> int.
fn main(args: []string) -> string {
    return "x"
}
