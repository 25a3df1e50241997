// fn main() -> int returning 0 exits 0; output before it is kept.
fn compute() -> int { return 0 }

fn main() -> int {
    print("no newline at the end")
    return compute()
}
