import { startLspServer } from "../../servers/lsp/lsp-server.js";
import type { Command } from "../command.js";
import { lspHelp } from "../help/lsp.js";

export const lspCommand: Command = {
  name: "lsp",
  summary: "a language server on stdio: diagnostics in the editor on opening and saving assistant files",
  maxPositionals: 0,
  formats: ["pretty"],
  help: lspHelp,
  async run() {
    startLspServer(process.stdin, process.stdout);
    // The server ends the process itself: on the client's exit notification, or when stdin closes.
    return new Promise<number>(() => {});
  },
};
