import type { CommandHelp } from "./command-help.js";

export const lspHelp: CommandHelp = {
  arguments: [],
  options: {
    stdio: { text: "speak LSP on stdin and stdout (the only transport; editors that pass it are welcome)" },
  },
  exitCodes: {
    0: "the editor sent shutdown, then exit",
    1: "the editor exited without shutdown, or closed stdin first",
    2: "a usage error",
  },
  examples: [
    {
      command: "agentc lsp",
      text: "started by the editor (docs/lsp.md shows VS Code, Neovim and Helix)",
    },
    {
      command: "agentc lsp --stdio",
      text: "the same, as language clients that add --stdio start it",
    },
  ],
};
