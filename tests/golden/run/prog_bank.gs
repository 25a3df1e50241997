// A struct-heavy program: accounts in a slice, transfers through ref
// parameters, a transaction log, a report built with closures.
struct Account { id: int, owner: string, balance: i64, history: []i64 }

struct Bank { accounts: []Account, failed: int }

fn (b: ref Bank) open(owner: string, initial: i64) -> int {
    let id = b.accounts.len
    var acc = Account{id: id, owner: owner, balance: initial}
    acc.history.push(initial)
    b.accounts.push(acc)
    return id
}

fn apply(acc: ref Account, delta: i64) -> bool {
    if acc.balance + delta < 0 { return false }
    acc.balance += delta
    acc.history.push(delta)
    return true
}

fn (b: ref Bank) transfer(from: int, to: int, amount: i64) {
    if !apply(b.accounts[from], -amount) {
        b.failed += 1
        return
    }
    let ok = apply(b.accounts[to], amount)
    assert ok
}

fn each_account(b: Bank, visit: fn(Account)) {
    for a in b.accounts { visit(a) }
}

fn main() {
    var bank = Bank{}
    let alice = bank.open("alice", 100)
    let bob = bank.open("bob", 50)
    let carol = bank.open("carol", 0)
    bank.transfer(alice, bob, 30)
    bank.transfer(bob, carol, 80)
    bank.transfer(carol, alice, 100)
    bank.transfer(carol, alice, 5)
    bank.transfer(carol, bob, 1)
    var total: i64 = 0
    var lines = 0
    each_account(bank, fn(a: Account) {
        println(a.id, a.owner, a.balance, a.history.len)
        total += a.balance
        lines += 1
    })
    println("total", total, "lines", lines, "failed", bank.failed)
    let h = bank.accounts[alice].history
    for i, d in h { print(i, d, "") }
    println()
}
