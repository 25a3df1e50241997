// A test that does not compile: the package reports the error, runs nothing.
fn test_ok() {
    assert twice(2) == 4
}

fn test_type_error() {
    let s: string = twice(2)
    assert s == "4"
}
