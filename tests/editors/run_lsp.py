#!/usr/bin/env python3
"""run_lsp.py — a scripted JSON-RPC session with `goose lsp` over pipes.

Drives the server as an editor would (initialize, open, change, ask,
shutdown, exit) on tests/editors/lsp_doc.gs edited in memory, and prints
one PASS/FAIL line per check; exits 1 when any check fails (or the server
stops answering: every read has a time limit). Expected positions are
found by searching the document's text, so they follow the file.

usage: run_lsp.py --goose path/to/goose
"""
import argparse
import json
import os
import select
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DOC = os.path.join(HERE, "lsp_doc.gs")
TIMEOUT = 30.0


class Server:
    def __init__(self, goose):
        self.p = subprocess.Popen([goose, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1
        self.buf = b""
        self.notes = []     # notifications read while waiting for a response

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def send_raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def _fill(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
            raise TimeoutError("no answer from goose lsp")
        chunk = os.read(self.p.stdout.fileno(), 65536)
        if not chunk:
            raise EOFError("goose lsp closed its output")
        self.buf += chunk

    def recv(self):
        deadline = time.monotonic() + TIMEOUT
        while b"\r\n\r\n" not in self.buf:
            self._fill(deadline)
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        n = next(int(l.split(b":")[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:"))
        while len(self.buf) < n:
            self._fill(deadline)
        body, self.buf = self.buf[:n], self.buf[n:]
        return json.loads(body)

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            m = self.recv()
            if m.get("id") == rid and "method" not in m:
                return m
            self.notes.append(m)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri):
        """The next publishDiagnostics for uri."""
        while True:
            m = self.notes.pop(0) if self.notes else self.recv()
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                return m["params"]["diagnostics"]


failures = 0


def check(name, ok, detail=""):
    global failures
    print("%s: %s%s" % ("PASS" if ok else "FAIL", name, "" if ok else " -- " + detail))
    failures += 0 if ok else 1


def find(text, line_has, word, nth=0):
    """(line, character) of word in the first line containing line_has;
    character in UTF-16 code units, as the protocol counts by default."""
    for i, line in enumerate(text.split("\n")):
        if line_has in line:
            at = -1
            for _ in range(nth + 1):
                at = line.index(word, at + 1)
            return i, len(line[:at].encode("utf-16-le")) // 2
    raise ValueError("%r not in the document" % line_has)


def pos(text, line_has, word, nth=0, after=0):
    line, ch = find(text, line_has, word, nth)
    return {"line": line, "character": ch + after}


def loc_is(loc, uri_end, text, line_has, word, nth=0):
    if not isinstance(loc, dict) or not loc.get("uri", "").endswith(uri_end):
        return False
    line, ch = find(text, line_has, word, nth)
    return loc["range"]["start"] == {"line": line, "character": ch} and \
        loc["range"]["end"] == {"line": line, "character": ch + len(word)}


def session(goose):
    text = open(DOC).read()
    uri = "file://" + DOC
    s = Server(goose)
    td = {"uri": uri}

    r = s.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    caps = r.get("result", {}).get("capabilities", {})
    check("initialize: capabilities", caps.get("definitionProvider") and caps.get("hoverProvider")
          and "." in caps.get("completionProvider", {}).get("triggerCharacters", [])
          and caps.get("textDocumentSync", {}).get("change") == 1, json.dumps(r))
    s.notify("initialized", {})

    broken = text.replace("total += p.norm1()", "totl += p.norm1()")
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "goose", "version": 1,
                                                       "text": broken}})
    d = s.diagnostics(uri)
    line, ch = find(broken, "totl +=", "totl")
    want = {"start": {"line": line, "character": ch}, "end": {"line": line, "character": ch + 4}}
    check("diagnostics: an unknown name, with its range", len(d) == 1 and d[0]["range"] == want
          and d[0]["severity"] == 1 and "totl" in d[0]["message"], json.dumps(d))

    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": text}]})
    d = s.diagnostics(uri)
    check("diagnostics: none once fixed", d == [], json.dumps(d))

    def ask(method, at):
        return s.request("textDocument/" + method, {"textDocument": td, "position": at}).get("result")

    r = ask("definition", pos(text, "total += p", "total", after=2))
    check("definition: a local", loc_is(r, "lsp_doc.gs", text, "var total", "total"), json.dumps(r))
    r = ask("definition", pos(text, "var total", "add"))
    check("definition: a function", loc_is(r, "lsp_doc.gs", text, "fn add", "add"), json.dumps(r))
    r = ask("definition", pos(text, "return p.x", "x"))
    check("definition: a field", loc_is(r, "lsp_doc.gs", text, "    x: int", "x"), json.dumps(r))
    r = ask("definition", pos(text, "total += p", "norm1"))
    check("definition: a method", loc_is(r, "lsp_doc.gs", text, "fn (p: Point) norm1", "norm1"), json.dumps(r))
    r = ask("definition", pos(text, "let p", "Point"))
    check("definition: a type", loc_is(r, "lsp_doc.gs", text, "struct Point", "Point"), json.dumps(r))
    r = ask("definition", pos(text, "let sh = Shape", "Circle"))
    check("definition: an enum variant", loc_is(r, "lsp_doc.gs", text, "enum Shape", "Circle"), json.dumps(r))
    r = ask("hover", pos(text, "Circle(r) =>", "Circle"))
    v = (r or {}).get("contents", {}).get("value", "")
    check("hover: a variant in a match pattern", "Shape.Circle(r: int)" in v, json.dumps(r))
    r = ask("definition", pos(text, "strings.contains", "contains"))
    lib = os.path.join(HERE, "..", "..", "stdlib", "strings", "strings.gs")
    ok = isinstance(r, dict) and r["uri"].endswith("/stdlib/strings/strings.gs") and os.path.exists(lib) \
        and loc_is(r, "strings.gs", open(lib).read(), "fn contains(", "contains")
    check("definition: a module member (standard library)", ok, json.dumps(r))

    r = ask("hover", pos(text, "total += p", "total"))
    v = (r or {}).get("contents", {}).get("value", "")
    check("hover: a variable's type", "var total: int" in v, json.dumps(r))
    r = ask("hover", pos(text, "total += p", "p"))
    v = (r or {}).get("contents", {}).get("value", "")
    check("hover: a struct-typed local", "let p: Point" in v, json.dumps(r))
    r = ask("hover", pos(text, "var total", "add"))
    v = (r or {}).get("contents", {}).get("value", "")
    check("hover: a function's signature", "fn add(a: int, b: int) -> int" in v, json.dumps(r))

    def complete(edited, at):
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                            "contentChanges": [{"text": edited}]})
        s.diagnostics(uri)
        r = ask("completion", at)
        items = r.get("items", []) if isinstance(r, dict) else r or []
        return {i["label"] for i in items}

    edited = text.replace("total += p.norm1()", "total += p.")
    got = complete(edited, pos(edited, "total += p.", "p.", after=2))
    check("completion: after `p.`, the fields and methods", got == {"x", "y", "norm1"}, sorted(got))
    edited = text.replace("total += p.norm1()", "total += p.no")
    got = complete(edited, pos(edited, "total += p.no", "no", after=2))
    check("completion: after `p.no`, the same members", got == {"x", "y", "norm1"}, sorted(got))
    edited = text.replace("total += p.norm1()", "let s = strings.")
    got = complete(edited, pos(edited, "let s = strings.", "strings.", after=8))
    check("completion: after `strings.`, the module's members",
          {"contains", "split", "join", "Builder"} <= got and "total" not in got, sorted(got))
    edited = text.replace("let sh = Shape.Circle(2)", "let sh = Shape.")
    got = complete(edited, pos(edited, "let sh = Shape.", "Shape.", after=6))
    check("completion: after `Shape.`, the enum's variants", got == {"Circle", "Empty"}, sorted(got))
    edited = text.replace("let p = Point{x: 1, y: 2}", "let q: Po")
    got = complete(edited, pos(edited, "let q: Po", "Po", after=2))
    check("completion: a type name", {"Point", "Shape", "int", "string", "strings"} <= got
          and "add" not in got, sorted(got))
    edited = text.replace("total += p.norm1()", "to")
    got = complete(edited, pos(edited, "    to", "to", after=2))
    check("completion: names in scope", {"total", "p", "add", "Point", "strings", "println", "let"} <= got
          and "a" not in got, sorted(got))

    # UTF-16 columns: the name after non-ASCII text (2- and 4-byte UTF-8)
    edited = text.replace("total += p.norm1()", 'let e = "é😀" + zz')
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4},
                                        "contentChanges": [{"text": edited}]})
    d = s.diagnostics(uri)
    line, ch = find(edited, "let e =", "zz")
    want = {"start": {"line": line, "character": ch}, "end": {"line": line, "character": ch + 2}}
    check("diagnostics: UTF-16 columns after non-ASCII text", len(d) >= 1 and d[0]["range"] == want,
          json.dumps(d))

    lib_uri = "file://" + os.path.join(HERE, "lsp_lib.gs")
    s.notify("textDocument/didOpen", {"textDocument": {"uri": lib_uri, "languageId": "goose", "version": 1,
                                                       "text": "fn twice(x: int) -> int {\n    return 2 * x\n}\n"}})
    d = s.diagnostics(lib_uri)
    check("diagnostics: a module without main is not told main is missing", d == [], json.dumps(d))

    # a file of the standard library: checked as its module (its folder, its primitives)
    std = os.path.normpath(os.path.join(HERE, "..", "..", "stdlib", "strings", "strings.gs"))
    std_uri = "file://" + std
    std_text = open(std).read()
    s.notify("textDocument/didOpen", {"textDocument": {"uri": std_uri, "languageId": "goose", "version": 1,
                                                       "text": std_text}})
    d = s.diagnostics(std_uri)
    check("diagnostics: a standard library file, as its module", d == [], json.dumps(d)[:300])
    r = s.request("textDocument/hover", {"textDocument": {"uri": std_uri},
                                          "position": pos(std_text, "fn contains(", "contains")}).get("result")
    v = (r or {}).get("contents", {}).get("value", "")
    check("hover: in a standard library file", "fn contains(s: string, sub: string) -> bool" in v, json.dumps(r))
    s.notify("textDocument/didClose", {"textDocument": {"uri": std_uri}})
    s.diagnostics(std_uri)

    # hostile texts: the server answers each (a diagnostic), then still works
    hostile = ["\x00\xff{{{(((" * 1000, "fn main() {\n" + "(" * 100000 + "\n}\n",
               "fn main() { let x = " + "[" * 5000, "struct A { b: B }\nstruct B { a: A }\nfn main() {}\n"]
    for i, h in enumerate(hostile):
        s.notify("textDocument/didChange", {"textDocument": {"uri": lib_uri, "version": 2 + i},
                                            "contentChanges": [{"text": h}]})
        d = s.diagnostics(lib_uri)
        check("hostile text %d: diagnostics, no crash" % i, len(d) >= 1 and "did not finish" not in
              d[0]["message"], json.dumps(d)[:300])
        r = s.request("textDocument/hover", {"textDocument": {"uri": lib_uri},
                                              "position": {"line": 0, "character": 3}})
        check("hostile text %d: a request after it is answered" % i, "result" in r, json.dumps(r)[:300])
    r = s.request("textDocument/hover", {"textDocument": td, "position": {"line": 10 ** 6, "character": 10 ** 6}})
    check("hover: a position past the end is null", r.get("result") is None, json.dumps(r))

    s.send_raw(b"Content-Length: 5\r\n\r\n{oops")
    r = s.recv()
    check("a malformed message: parse error", r.get("error", {}).get("code") == -32700, json.dumps(r))
    r = s.request("workspace/unknownThing", {})
    check("an unknown request: method not found", r.get("error", {}).get("code") == -32601, json.dumps(r))

    r = s.request("shutdown", None)
    check("shutdown: null result", "result" in r and r["result"] is None, json.dumps(r))
    s.notify("exit", None)
    try:
        status = s.p.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        s.p.kill()
        status = "still running"
    check("exit: status 0", status == 0, str(status))


def utf8_session(goose):
    """A client that counts in UTF-8 bytes gets them."""
    s = Server(goose)
    r = s.request("initialize", {"capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}}})
    enc = r.get("result", {}).get("capabilities", {}).get("positionEncoding")
    check("initialize: UTF-8 positions when the client offers them", enc == "utf-8", json.dumps(r))
    uri = "file://" + os.path.join(HERE, "lsp_utf8.gs")
    text = 'fn main() {\n    let e = "é😀" + zz\n}\n'
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "goose", "version": 1, "text": text}})
    d = s.diagnostics(uri)
    line = text.split("\n")[1]
    ch = len(line[:line.index("zz")].encode())
    want = {"start": {"line": 1, "character": ch}, "end": {"line": 1, "character": ch + 2}}
    check("diagnostics: UTF-8 columns", len(d) >= 1 and d[0]["range"] == want, json.dumps(d))
    s.request("shutdown", None)
    s.notify("exit", None)
    s.p.wait(timeout=TIMEOUT)


def usage(goose):
    r = subprocess.run([goose, "lsp", "--bogus"], capture_output=True, text=True, timeout=TIMEOUT)
    check("goose lsp --bogus: usage error, status 2", r.returncode == 2 and "--bogus" in r.stderr, r.stderr)
    r = subprocess.run([goose, "lsp", "--stdio"], input="", capture_output=True, text=True, timeout=TIMEOUT)
    check("goose lsp --stdio: accepted; input ending without exit: status 1", r.returncode == 1, r.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goose", required=True)
    args = ap.parse_args()
    try:
        usage(args.goose)
        utf8_session(args.goose)
        session(args.goose)
    except (TimeoutError, EOFError, ValueError, KeyError) as e:
        check("the session ran to its end", False, "%s: %s" % (type(e).__name__, e))
    print("%s" % ("all checks passed" if failures == 0 else "%d check(s) failed" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
