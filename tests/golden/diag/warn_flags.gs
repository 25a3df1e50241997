// goose-flags: -Werror -Wno-shadow -Wno-unused-import -Wno-unreachable-code -Wno-unused-result
// Each -Wno-NAME turns its warning off: only the unused variable is left.
import "strings"

fn main() {
    let a = 1
    let b = 2
    if a > 0 {
        let a = 3
        println(a)
        return
        println(0)
    }
    a + 1
}
