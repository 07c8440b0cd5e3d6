import type { Section } from "../section.js";
import { emitCommands } from "./emit.js";
import type { CommandsPack } from "./model.js";
import { readPackCommands } from "./read.js";

/** Commands: core/commands as the pack's command files, with the client's spelling of the arguments. */
export const commandsSection: Section<CommandsPack> = {
  name: "commands",
  keys: ["commands_dir", "command_format"],
  rank: 40,
  matrix: [{ kind: "command", title: "Commands", rank: 60 }],
  items: {
    emit: emitCommands,
    read: readPackCommands,
    loads: {
      key: "commands",
      kind: "command",
      written: (pack) => ({ dir: pack.commands_dir, extension: pack.command_format?.extension }),
    },
  },
};
