


// Blank lines: a run of them becomes one; none at the start or end of the
// file, after an opening brace or before a closing one.
import "strings"



fn main() {

    let s = "a,b,c"


    let parts = strings.split(s, ",")

    for p in parts {

        println(p)

    }


}



