// langarena: Etc::LogParser lines_count iterations
//
// `prepare` writes `lines_count` lines of a web-server log (four line
// shapes chosen by the line's number: a login with e-mail and password,
// an API call with a token, a profile with a session id, a plain page)
// and compiles upstream's 13 patterns with the `regex` module; each run
// counts every pattern's non-overlapping matches in the whole log
// (`find_all`) and adds the total to the checksum (u32). The log is one
// string made once; the regexes hold their own scratch storage; each
// find_all's result slice is deleted after it is counted. One file, no
// pool, and the RNG is not used.
// Usage: log_parser lines_count iterations expected_checksum
//   (the expected checksum, a u32 from test.json/run.json, is the last
//   argument; bench/apps/run_apps.py passes it). Prints one line:
//   `Etc::LogParser: OK in <s>s` or
//   `Etc::LogParser: ERR[actual=<a>, expected=<e>]` (exit status 1).

import "regex"

const NAME: string = "Etc::LogParser"

fn arg_int(a: []string, i: int) -> int {
    let o = parse_int(a[i])
    if o == none {
        eprintln(NAME + ": bad argument '" + a[i] + "'")
        exit(2)
    }
    return o.unwrap()
}

// Prints the suite line; the exit status.
fn report(sum: u32, expected: int, ns: i64) -> int {
    if sum as int == expected {
        println(NAME + ": OK in " + fmt_f64(ns as f64 / 1e9, 3) + "s")
        return 0
    }
    println(NAME + ": ERR[actual=" + to_string(sum) + ", expected=" + to_string(expected) + "]")
    return 1
}

// Upstream's patterns, in its order (errors, bots, suspicious, ips,
// api_calls, post_requests, auth_attempts, methods, emails, passwords,
// tokens, sessions, peak_hours).
fn patterns() -> []string {
    return []string{
        " [5][0-9]{2} | [4][0-9]{2} ",
        "(?i)bot|crawler|scanner|spider|indexing|crawl|robot|spider",
        "(?i)etc/passwd|wp-admin|\\.\\./",
        "\\d+\\.\\d+\\.\\d+\\.35",
        "/api/[^ \" ]+",
        "POST [^ ]* HTTP",
        "(?i)/login|/signin",
        "(?i)get|post|put",
        "[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}",
        "password=[^&\\s\"]+",
        "token=[^&\\s\"]+|api[_-]?key=[^&\\s\"]+",
        "session[_-]?id=[^&\\s\"]+",
        "\\[\\d+/\\w+/\\d+:1[3-7]:\\d+:\\d+ [+\\-]\\d+\\]",
    }
}

var methods: []string
var paths: []string
var statuses: []int
var agents: []string
var users: []string
var domains: []string

fn init_tables() {
    methods = []string{"GET", "POST", "PUT", "DELETE"}
    paths = []string{"/index.html", "/api/users", "/admin", "/images/logo.png",
        "/etc/passwd", "/wp-admin/setup.php"}
    statuses = []int{200, 201, 301, 302, 400, 401, 403, 404, 500, 502, 503}
    agents = []string{"Mozilla/5.0", "Googlebot/2.1", "curl/7.68.0", "scanner/2.0"}
    users = []string{"john", "jane", "alex", "sarah", "mike", "anna", "david", "elena"}
    domains = []string{"example.com", "gmail.com", "yahoo.com", "hotmail.com",
        "company.org", "mail.ru"}
}

// Appends log line i to b (upstream's generate_log_line; its IPS[k] is
// "192.168.1.<k+1>").
fn log_line(b: ref []u8, i: int) {
    format_into(b, "192.168.1.{} - - [{}/Oct/2023:{}:55:36 +0000] \"{} ", i % 255 + 1, i % 31, i % 60, methods[i % 4])
    if i % 3 == 0 {
        format_into(b, "/login?email={}{}@{}&password=secret{}", users[i % 8], i % 100, domains[i % 6], i % 10000)
    } else if i % 5 == 0 {
        format_into(b, "/api/data?token=")
        for _ in 0..i % 3 + 1 {
            format_into(b, "abcdef123456")
        }
    } else if i % 7 == 0 {
        format_into(b, "/user/profile?session_id=sess_{:x}", (i * 12345) as i32)
    } else {
        format_into(b, "{}", paths[i % 6])
    }
    format_into(b, " HTTP/1.1\" {} 2326 \"http://{}\" \"{}\"\n", statuses[i % 11], domains[i % 6], agents[i % 4])
}

var lines_count: int = 0
var log: string
var res: []regex.Regex
var result: u32 = 0

fn prepare() {
    init_tables()
    var b: []u8
    defer delete(b)
    for i in 0..lines_count {
        log_line(b, i)
    }
    log = from_bytes(b)
    let ps = patterns()
    defer delete(ps)
    for p in ps {
        let (re, err) = regex.compile(p)
        if err != none {
            eprintln(NAME + ": " + err.unwrap().msg)
            exit(2)
        }
        res.push(re)
    }
}

fn run(_: int) {
    var total: u32 = 0
    for re in res {
        let ms = re.find_all(log)
        total += ms.len as u32
        delete(ms)
    }
    result += total
}

fn checksum() -> u32 { return result }

fn main() -> int {
    let a = args()
    if a.len != 3 {
        eprintln("usage: log_parser lines_count iterations expected_checksum")
        return 2
    }
    lines_count = arg_int(a, 0)
    let iterations = arg_int(a, 1)
    let expected = arg_int(a, 2)
    prepare()
    for i in 0..max(1, iterations * 2 / 10) { run(i) }
    let t0 = clock_ns()
    for i in 0..iterations { run(i) }
    let t1 = clock_ns()
    return report(checksum(), expected, t1 - t0)
}
