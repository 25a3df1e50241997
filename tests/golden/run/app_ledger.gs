// App: a bank ledger: a fixed-point money module with a generic Ledger[K],
// accounts in a map.Map by owner, transfers returning ?string errors.
import "./lib/app_money"
import "map"
import "sort"

struct Account { id: u32, owner: string, ledger: app_money.Ledger[u32], frozen: bool }

var accounts = map.Map[string, Account]{}
var next_id: u32 = 1000

fn open(owner: string, initial: app_money.Money) -> u32 {
    let id = next_id
    next_id += 1
    var a = Account{id: id, owner: owner + ""}
    a.ledger.post(id, initial, "open")
    accounts.put(owner, a)
    return id
}

fn transfer(from: string, to: string, amt: app_money.Money) -> ?string {
    if !accounts.has(from) { return "no account " + from }
    if !accounts.has(to) { return "no account " + to }
    let src = accounts.get_ref(from)
    if src.frozen { return from + " is frozen" }
    if src.ledger.balance.cents < amt.cents { return "insufficient funds in " + from + ": " + src.ledger.balance.show() }
    let dst_id = accounts.get(to).unwrap().id
    src.ledger.post(dst_id, app_money.Money{cents: -amt.cents}, "to " + to)
    let src_id = src.id
    let dst = accounts.get_ref(to)
    dst.ledger.post(src_id, amt, "from " + from)
    return none
}

fn parse_money(s: string) -> app_money.Money {
    // "12.34" or "12"
    for i, c in s {
        if c == '.' {
            return app_money.of(parse_int(s[:i]).unwrap(), parse_int(s[i + 1:]).unwrap())
        }
    }
    return app_money.of(parse_int(s).unwrap(), 0)
}

fn main() {
    let script = "open alice 1500.00\nopen bob 20.5\nopen carol 1234567.89\nxfer alice bob 250.75\nxfer bob dave 1\nxfer bob alice 999\nfreeze carol\nxfer carol bob 5\nxfer alice carol 0.01\ninterest 3\nxfer bob carol 271.25"
    var line_start = 0
    var errors: []string
    for i in 0..script.len + 1 {
        if i < script.len && script[i] != '\n' { continue }
        let line = script[line_start:i]
        line_start = i + 1
        var parts: []string
        var st = 0
        for j in 0..line.len + 1 {
            if j == line.len || line[j] == ' ' {
                parts.push(line[st:j] + "")
                st = j + 1
            }
        }
        let cmd = parts[0]
        if cmd == "open" {
            let id = open(parts[1], parse_money(parts[2]))
            println("opened", parts[1], id)
        } else if cmd == "xfer" {
            let r = transfer(parts[1], parts[2], parse_money(parts[3]))
            if r.is_some() { errors.push(r.unwrap()) }
        } else if cmd == "freeze" {
            accounts.get_ref(parts[1]).frozen = true
        } else if cmd == "interest" {
            let pct = parse_int(parts[1]).unwrap()
            var owners: []string
            accounts.each(fn(k: string, a: Account) { owners.push(k) })
            sort.sort(owners)
            for o in owners {
                let a = accounts.get_ref(o)
                let amt = a.ledger.balance.times_pct(pct)
                a.ledger.post(0, amt, "interest")
            }
        }
        for p in parts { delete(p) }
        delete(parts)
    }
    for e in errors { println("error:", e) }
    var all: []Account
    accounts.each(fn(k: string, a: Account) { all.push(a) })
    sort.sort_by(all, fn(a: Account, b: Account) -> bool { return a.ledger.balance.cents > b.ledger.balance.cents })
    for a in all {
        let incoming = a.ledger.sum_where(fn(e: app_money.Entry[u32]) -> bool { return e.amount.cents > 0 })
        let outgoing = a.ledger.sum_where(fn(e: app_money.Entry[u32]) -> bool { return e.amount.cents < 0 })
        println(a.id, a.owner, a.ledger.balance.show(), "in", incoming.show(), "out", outgoing.show(), "n", a.ledger.entries.len, a.frozen)
    }
    let neg = app_money.Money{cents: -123456789}
    println(neg.show(), app_money.of(0, 5).show(), app_money.Money{}.show(), app_money.group(1000))
}
