// No greet.gs beside it: a module of its own, importing what it tests.
import "./lib"

fn test_greet() {
    assert lib.greet("goose") == "hello goose"
}
