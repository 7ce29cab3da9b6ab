// VS Code client for `frontkit lsp`: starts the server over stdio for *.scn files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("frontkit").get("command") || "frontkit";
  client = new LanguageClient(
    "frontkit",
    "frontkit",
    { command, args: ["lsp"] },
    { documentSelector: [{ scheme: "file", language: "frontkit" }] }
  );
  client.start();
  context.subscriptions.push(client);
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
