// A test that never returns is stopped after --timeout seconds.
fn test_forever() {
    var n = 0
    while true {
        n += 1
        if n < 0 { println(n) }
    }
}

fn test_after() {
    assert true
}
