// fixed-point money: cents in i64
struct Money { cents: i64 }

const ZERO: i64 = 0

fn of(units: i64, cents: i64) -> Money { return Money{cents: units * 100 + cents} }

fn (m: Money) plus(o: Money) -> Money { return Money{cents: m.cents + o.cents} }
fn (m: Money) minus(o: Money) -> Money { return Money{cents: m.cents - o.cents} }
fn (m: Money) times_pct(p: i64) -> Money { return Money{cents: m.cents * p / 100} }

fn (m: Money) show() -> string {
    var c = m.cents
    var sign = ""
    if c < 0 {
        sign = "-"
        c = -c
    }
    let frac = c % 100
    var fs = to_string(frac)
    if frac < 10 { fs = "0" + fs }
    return sign + "$" + group(c / 100) + "." + fs
}

fn group(n: i64) -> string {
    let s = to_string(n)
    var out = ""
    for i in 0..s.len {
        if i > 0 && (s.len - i) % 3 == 0 { out = out + "," }
        out = out + s[i:i + 1]
    }
    return out
}

struct Ledger[K] { entries: []Entry[K], balance: Money }
struct Entry[K] { key: K, amount: Money, memo: string }

fn (l: ref Ledger[K]) post(k: K, amt: Money, memo: string) {
    l.entries.push(Entry[K]{key: k, amount: amt, memo: memo})
    l.balance = l.balance.plus(amt)
}

fn (l: Ledger[K]) sum_where(pred: fn(Entry[K]) -> bool) -> Money {
    var t = Money{}
    for e in l.entries {
        if pred(e) { t = t.plus(e.amount) }
    }
    return t
}
