// A slice literal in an if, while, for or match header is parenthesised;
// inside the braces elements are separated by commas.
fn main() {
    if []int{1}.len == 1 {}
    for x in []int{1, 2} {}
    while []int{}.len > 0 {}
    let g = []int{1 2}
    let h = []int{1, 2,
        3
        4}
}
