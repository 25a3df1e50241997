// hello.gs — the smallest program: what `goose run` costs when there is nothing to run.
fn main() {
    println("hello, goose")
}
