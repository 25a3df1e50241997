// A struct cannot contain itself by value (a slice breaks the cycle).
struct Node { value: int, next: ?Node }
struct A { b: B }
struct B { a: [2]A }
struct Tree { kids: []Tree }
fn main() {}
