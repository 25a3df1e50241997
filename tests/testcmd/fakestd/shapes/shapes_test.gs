// Joins the module: area and Rect unqualified.
fn test_area() {
    assert area(Rect{w: 2, h: 3}) == 6
}

fn test_area_wrong() {
    assert area(Rect{w: 2, h: 3}) == 7
}

fn test_side_out_of_range() {
    println(side([]int{1, 2}, 2))
}
