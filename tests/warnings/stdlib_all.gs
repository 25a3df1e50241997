// Imports every standard library module and instantiates every generic
// function and method, so that GOOSE_WARN_STDLIB=1 goose check -Werror
// checks the whole library for warnings (warnings_test.py, case stdlib).
import "bigint"
import "bytes"
import "checksum"
import "encoding"
import "json"
import "map"
import "math"
import "os"
import "pool"
import "regex"
import "sort"
import "strings"
import "thread"

struct Node { key: int }

fn sorts() {
    var xs = []int{3, 1, 2}
    var ss = []string{"b", "a"}
    var fs = []f64{2.0, 1.0}
    sort.sort(xs)
    sort.sort(ss)
    sort.sort(fs)
    sort.sort_by(xs, fn(a: int, b: int) -> bool { return a > b })
}

fn maps() {
    var m = map.Map[int, int]{}
    var n = map.Map[string, int]{}
    m.put(1, 2)
    n.put("a", 1)
    println(m.get(1), n.get("a"), m.has(1), n.has("b"), m.remove(1), n.remove("a"), m.len)
    m.put(3, 4)
    m.get_ref(3) += 1
    n.put("c", 5)
    n.get_ref("c") += 1
    m.each(fn(k: int, v: int) { println(k, v) })
    n.each(fn(k: string, v: int) { println(k, v) })
    for k, v in m {
        println(k, v)
    }
    m.clear()
    n.clear()
    m.free()
    n.free()
}

fn pools() {
    var p = pool.slot_pool[Node]{}
    let i = p.alloc(Node{key: 1})
    let r = p.alloc_ref(Node{key: 2})
    let j = p.alloc_index_with(fn(k: int) -> Node { return Node{key: k} })
    p.get(i).key = 4
    p.free(j)
    p.free_ref(r)
    var q = pool.slice_pool[u8]{}
    let a = q.alloc_slice(4)
    let b = q.alloc_copy(a)
    let c = q.resize(b, 8)
    q.free(a)
    q.free(c)
}

fn others() {
    let (v, err) = json.parse("[1]")
    println(json.to_string(v), err)
    json.free(v)
    let (re, rerr) = regex.compile("a+")
    println(re.is_match("aa"), rerr)
    re.free()
    println(strings.contains("ab", "a"), math.sqrt(2.0), bytes.equal("a".bytes(), "a".bytes()))
    println(checksum.crc32("a".bytes()), encoding.hex_encode("a".bytes()), os.exists("/"))
    println(bigint.from_int(3).to_string(10), thread.cpus())
}

fn main() {
    sorts()
    maps()
    pools()
    others()
}
