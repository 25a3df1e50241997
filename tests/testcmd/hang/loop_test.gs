// A test that never returns is stopped after --timeout seconds.
fn test_forever() {
    var n = 0
    while true {
        n += 1
    }
}

fn test_after() {
    assert true
}
