// logparser.gs — the regex side of bench/stdlib/regex/run.py: LangArena's
// log-parser workload (Etc::LogParser). Builds a log of `lines` generated
// lines (the benchmark's line shapes), compiles its 13 patterns, and
// `iterations` times counts every pattern's find_all matches over the whole
// log. args: lines iterations [k: only pattern k]. Prints
// `checksum <total matches> pairs <patterns x iterations>`.
import "regex"

const PATTERNS: string = " [5][0-9]{2} | [4][0-9]{2} \n(?i)bot|crawler|scanner|spider|indexing|crawl|robot|spider\n(?i)etc/passwd|wp-admin|\\.\\./\n\\d+\\.\\d+\\.\\d+\\.35\n/api/[^ \"]+\nPOST [^ ]* HTTP\n(?i)/login|/signin\n(?i)get|post|put\n[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}\npassword=[^&\\s\"]+\ntoken=[^&\\s\"]+|api[_-]?key=[^&\\s\"]+\nsession[_-]?id=[^&\\s\"]+\n\\[\\d+/\\w+/\\d+:1[3-7]:\\d+:\\d+ [+\\-]\\d+\\]"

fn log_line(b: ref []u8, i: int) {
    let methods = ["GET", "POST", "PUT", "DELETE"]
    let paths = ["/index.html", "/api/users", "/admin", "/images/logo.png", "/etc/passwd", "/wp-admin/setup.php"]
    let statuses = [200, 201, 301, 302, 400, 401, 403, 404, 500, 502, 503]
    let agents = ["Mozilla/5.0", "Googlebot/2.1", "curl/7.68.0", "scanner/2.0"]
    let users = ["john", "jane", "alex", "sarah", "mike", "anna", "david", "elena"]
    let domains = ["example.com", "gmail.com", "yahoo.com", "hotmail.com", "company.org", "mail.ru"]
    format_into(b, "192.168.1.{} - - [{}/Oct/2023:{}:55:36 +0000] \"{} ", i % 255 + 1, i % 31, i % 60, methods[i % 4])
    if i % 3 == 0 {
        format_into(b, "/login?email={}{}@{}&password=secret{}", users[i % 8], i % 100, domains[i % 6], i % 10000)
    } else if i % 5 == 0 {
        format_into(b, "/api/data?token=")
        for _ in 0..i % 3 + 1 {
            format_into(b, "abcdef123456")
        }
    } else if i % 7 == 0 {
        format_into(b, "/user/profile?session_id=sess_{:x}", i * 12345)
    } else {
        format_into(b, "{}", paths[i % 6])
    }
    format_into(b, " HTTP/1.1\" {} 2326 \"http://{}\" \"{}\"\n", statuses[i % 11], domains[i % 6], agents[i % 4])
}

fn main() {
    let a = args()
    let lines = parse_int(a[0]).unwrap()
    let iterations = parse_int(a[1]).unwrap()
    var only = -1
    if a.len > 2 {
        only = parse_int(a[2]).unwrap()
    }
    var b: []u8
    for i in 0..lines {
        log_line(b, i)
    }
    let text = from_bytes(b)
    delete(b)
    var res: []regex.Regex
    var start = 0
    for i in 0..PATTERNS.len + 1 {
        if i == PATTERNS.len || PATTERNS[i] == '\n' {
            let (r, err) = regex.compile(PATTERNS[start:i])
            assert err == none
            res.push(r)
            start = i + 1
        }
    }
    var total: u64 = 0
    var pairs = 0
    for _ in 0..iterations {
        for k in 0..res.len {
            if only >= 0 && k != only {
                continue
            }
            let ms = res[k].find_all(text)
            total += ms.len as u64
            delete(ms)
            pairs += 1
        }
    }
    println("checksum", total, "pairs", pairs)
    for r in res {
        r.free()
    }
    delete(res)
    delete(text)
}
