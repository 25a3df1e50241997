// A second test file of the module: it sees the first one's names too.
fn test_more() {
    assert area(Rect{w: 1, h: 1}) == 1
}
