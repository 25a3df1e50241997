import "strings"

// The same helper name as in calc_test.gs: each file joins its own module.
fn helper() -> string {
    return strings.to_upper("hi")
}

fn test_shout() {
    assert shout(helper()) == "HI!"
}
