// Declarations written as in Go, Rust or Python: each is reported once
// with a hint line; parsing goes on at the next declaration keyword in
// column 1.
func one() {
}

fn two(a int) {
}

fn three() int {
    return 3
}

struct P { x int }

struct Q { x: int }

impl Q {
}

const N: int = 1

pub fn four() {
}

import fmt

fn main() {
    var n int = 5
}
