fn greet(name: string) -> string {
    return "hello " + name
}
