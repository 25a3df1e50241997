// Every program needs fn main.
fn helper() -> int { return 1 }
