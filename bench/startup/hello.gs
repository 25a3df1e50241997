// hello.gs — the smallest program: what `goose run` costs when there is nothing to run.
// Its one statement says when it ran: startup.py reads the clock to measure
// the time to the program's first statement.
fn main() {
    println("start", clock_ns())
}
