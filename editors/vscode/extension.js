// extension.js — starts `goose lsp` for Goose files through
// vscode-languageclient. Plain JavaScript: no build step. The language
// client library comes from `npm install` in this folder; without it the
// extension still gives highlighting and brackets (package.json, the
// grammar) and says once that the language server is off.
const vscode = require("vscode");

let client;

function activate(context) {
    const config = vscode.workspace.getConfiguration("goose");
    if (!config.get("lsp.enabled", true))
        return;
    let lc;
    try {
        lc = require("vscode-languageclient/node");
    } catch (e) {
        vscode.window.showInformationMessage(
            "Goose: run `npm install` in the extension's folder to turn on the language server (goose lsp).");
        return;
    }
    const server = { command: config.get("path", "goose"), args: ["lsp"] };
    client = new lc.LanguageClient("goose", "Goose", server,
        { documentSelector: [{ scheme: "file", language: "goose" }] });
    client.start();
    context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
    return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
