// In-memory file system: directories hold a map of children by name
import "map"
import "sort"

struct File { name: string, size: u64 }
struct Dir {
    name: string
    dirs: map.Map[string, Dir]
    files: []File
    total: u64
}

fn split(path: string) -> []string {
    var out: []string
    var st = 0
    for i in 0..path.len + 1 {
        if i == path.len || path[i] == '/' {
            if i > st { out.push(path[st:i]) }
            st = i + 1
        }
    }
    return out
}

fn (d: ref Dir) add_file(parts: []string, size: u64) {
    d.total += size
    if parts.len == 1 {
        d.files.push(File{name: parts[0] + "", size: size})
        return
    }
    if !d.dirs.has(parts[0]) { d.dirs.put(parts[0], Dir{name: parts[0] + ""}) }
    d.dirs.get_ref(parts[0]).add_file(parts[1:], size)
}

fn (d: ref Dir) find(parts: []string) -> ?Dir {
    if parts.len == 0 { return d }
    if !d.dirs.has(parts[0]) { return none }
    return d.dirs.get_ref(parts[0]).find(parts[1:])
}

fn sorted_names(m: ref map.Map[string, Dir]) -> []string {
    var names: []string
    m.each(fn(k: string, v: Dir) { names.push(k) })
    sort.sort(names)
    return names
}

fn (d: ref Dir) render(depth: int, out: ref []string) {
    var pad = ""
    for _ in 0..depth { pad = pad + "  " }
    out.push(pad + d.name + "/ " + to_string(d.total))
    for n in sorted_names(d.dirs) {
        d.dirs.get_ref(n).render(depth + 1, out)
    }
    var fs = d.files
    sort.sort_by(fs, fn(a: File, b: File) -> bool {
        if a.size != b.size { return a.size > b.size }
        return a.name < b.name
    })
    for f in fs { out.push(pad + "  " + f.name + " " + to_string(f.size)) }
}

fn (d: ref Dir) count_big(limit: u64, acc: ref int) {
    if d.total >= limit { acc += 1 }
    for n in sorted_names(d.dirs) { d.dirs.get_ref(n).count_big(limit, acc) }
}

fn main() {
    var root = Dir{name: ""}
    let listing = "/etc/passwd 1200\n/etc/hosts 300\n/usr/bin/goose 884000\n/usr/bin/tcc 250000\n/usr/lib/libc.so 2000000\n/usr/lib/x/y/z.txt 5\n/home/ann/notes.md 4096\n/home/ann/pics/a.png 100000\n/home/ann/pics/b.png 100000\n/home/bob/.rc 64\n/readme 10"
    var line_start = 0
    var nfiles = 0
    for i in 0..listing.len + 1 {
        if i < listing.len && listing[i] != '\n' { continue }
        let line = listing[line_start:i]
        line_start = i + 1
        var sp = 0
        for j, c in line {
            if c == ' ' { sp = j }
        }
        let parts = split(line[:sp])
        root.add_file(parts, parse_int(line[sp + 1:]).unwrap() as u64)
        nfiles += 1
    }
    var out: []string
    root.render(0, out)
    for l in out { println(l) }
    println("files", nfiles)
    let h = root.find(split("/home/ann"))
    println("ann", h.unwrap().total, h.unwrap().files.len, root.find(split("/nope")) == none)
    var big = 0
    root.count_big(100000, big)
    println("dirs >= 100000:", big)
}
