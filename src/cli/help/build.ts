import { loadOptions } from "../load-options.js";
import type { CommandHelp } from "./command-help.js";

export const buildHelp: CommandHelp = {
  arguments: [{ name: "[registry]", text: "the registry folder (holding sources.json)", default: "." }],
  options: {
    out: {
      value: "DIR",
      text: "the build folder to write (files not agentc's are left alone)",
      default: "<registry>/build",
    },
    watch: {
      text: "build, then build again whenever a file below the registry changes (one build per burst of changes), with the same diagnostics; Ctrl-C or SIGTERM stops it",
    },
    install: {
      value: "PROJECT",
      text: "with --watch: after each build that succeeds, install it into PROJECT as 'agentc install <out> --project PROJECT --yes' does",
      with: "watch",
    },
    "take-imported": {
      text: "with --watch --install: take over the project's files still as agentc import read them, as 'agentc install --take-imported' does",
      with: "watch",
    },
    ...loadOptions,
  },
  exitCodes: {
    0: "built (warnings and infos allowed); with --watch, stopped by Ctrl-C or SIGTERM",
    1: "the registry has errors, or the build folder holds files that are not agentc's; nothing written",
    2: "the build folder cannot be written; or a usage error",
  },
  examples: [
    {
      command: "agentc build my-registry",
      text: "check, then write my-registry/build and its manifest.json",
    },
    {
      command: "agentc build . --out dist/agents --format github",
      text: "build into dist/agents; diagnostics as GitHub Actions annotations",
    },
    {
      command: "agentc build my-registry --watch --install ../app",
      text: "rebuild on every edit of the registry and keep ../app in step",
    },
  ],
};
