fn half(x: int) -> int {
    return x / 2
}

fn pick(xs: []int, i: int) -> int {
    return xs[i]
}
