// A second module in the folder: words_test.gs joins it, not calc.
fn shout(s: string) -> string {
    return s + "!"
}
