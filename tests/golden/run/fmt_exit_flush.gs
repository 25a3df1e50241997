// exit: 3
// exit(code) flushes what printf and format_into's neighbours wrote first,
// a line without its newline included.
fn main() {
    printf("{}: {:>3}\n", "line", 1)
    printf("no newline {}", 2)
    exit(3)
}
