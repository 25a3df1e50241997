#!/usr/bin/env python3
"""check_vscode.py — runs editors/vscode/extension.js under Node with
stand-ins for the `vscode` and `vscode-languageclient/node` modules (made
in a temporary folder), as VS Code would activate it: with the language
client present it must start `<goose.path> lsp` for Goose files, with
`goose.lsp.enabled` false start nothing, and without the library say how
to install it and start nothing. One PASS/FAIL line per check; exit 1 on
a failure, 77 (skipped) when node is not installed.

usage: check_vscode.py
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EXT = os.path.normpath(os.path.join(HERE, "..", "..", "editors", "vscode", "extension.js"))

VSCODE_STUB = """
const state = global.__goose_test;
module.exports = {
  workspace: { getConfiguration: (section) => ({
    get: (key, dflt) => (section + "." + key) in state.config ? state.config[section + "." + key] : dflt }) },
  window: { showInformationMessage: (msg) => { state.messages.push(msg); } },
};
"""

CLIENT_STUB = """
const state = global.__goose_test;
class LanguageClient {
  constructor(id, name, server, client) { state.clients.push({ id, name, server, client }); }
  start() { state.started++; return Promise.resolve(); }
  stop() { state.stopped++; return Promise.resolve(); }
}
module.exports = { LanguageClient };
"""

DRIVER = """
global.__goose_test = { config: JSON.parse(process.argv[2]), messages: [], clients: [], started: 0, stopped: 0 };
const ext = require(process.argv[1]);
const context = { subscriptions: [] };
ext.activate(context);
Promise.resolve(ext.deactivate()).then(() => {
  const s = global.__goose_test;
  console.log(JSON.stringify({ messages: s.messages, clients: s.clients, started: s.started, stopped: s.stopped }));
});
"""

failures = 0


def check(name, ok, detail=""):
    global failures
    print("%s: %s%s" % ("PASS" if ok else "FAIL", name, "" if ok else " -- " + str(detail)))
    failures += 0 if ok else 1


def activate(node, modules, config):
    env = dict(os.environ, NODE_PATH=modules)
    r = subprocess.run([node, "-e", DRIVER, EXT, json.dumps(config)], capture_output=True, text=True,
                       env=env, timeout=60)
    if r.returncode != 0:
        return {"error": r.stderr.strip()}
    return json.loads(r.stdout)


def main():
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        print("SKIP: node is not installed")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        modules = os.path.join(tmp, "node_modules")
        os.makedirs(os.path.join(modules, "vscode"))
        with open(os.path.join(modules, "vscode", "index.js"), "w") as f:
            f.write(VSCODE_STUB)

        r = activate(node, modules, {})
        check("without vscode-languageclient: no server, a hint to install it",
              r.get("clients") == [] and any("npm install" in m for m in r.get("messages", [])), r)

        os.makedirs(os.path.join(modules, "vscode-languageclient"))
        with open(os.path.join(modules, "vscode-languageclient", "node.js"), "w") as f:
            f.write(CLIENT_STUB)
        r = activate(node, modules, {"goose.path": "/opt/goose/bin/goose"})
        c = (r.get("clients") or [{}])[0]
        check("with the client: starts `<goose.path> lsp` for Goose files",
              c.get("server") == {"command": "/opt/goose/bin/goose", "args": ["lsp"]}
              and {"scheme": "file", "language": "goose"} in c.get("client", {}).get("documentSelector", [])
              and r.get("started") == 1 and r.get("stopped") == 1, r)
        r = activate(node, modules, {})
        c = (r.get("clients") or [{}])[0]
        check("goose.path defaults to goose", c.get("server", {}).get("command") == "goose", r)
        r = activate(node, modules, {"goose.lsp.enabled": False})
        check("goose.lsp.enabled false: no server", r.get("clients") == [] and r.get("started") == 0, r)
    print("all checks passed" if failures == 0 else "%d check(s) failed" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
