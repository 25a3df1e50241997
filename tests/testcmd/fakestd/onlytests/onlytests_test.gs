// A module folder holding test files only: an import finds no module here.
fn test_alone() {
    assert 1 + 1 == 2
}
