fn twice(x: int) -> int {
    return 2 * x
}
