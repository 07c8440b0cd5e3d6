import { projectOptions } from "../project-option.js";
import type { CommandHelp } from "./command-help.js";

export const runHelp: CommandHelp = {
  arguments: [
    { name: "[capability]", text: "an installed capability package; without it, list them all" },
    {
      name: "[command] [args...]",
      text: "its command to run and the arguments (after -- when they start with -)",
    },
  ],
  options: projectOptions("the project the capability is installed in"),
  usageNotes: ['args that start with "-" go after "--": agentc run team-chat send -- --urgent hello'],
  exitCodes: {
    0: "listed; or the command's own exit code when it runs",
    1: "no such capability or command, or its program cannot start",
    2: "nothing installed here; or a usage error",
  },
  examples: [
    { command: "agentc run", text: "list the installed capabilities and their commands" },
    {
      command: "agentc run team-chat send -- --urgent hello",
      text: "run team-chat's send with two arguments",
    },
  ],
};
