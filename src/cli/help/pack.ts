import type { CommandHelp } from "./command-help.js";

export const packHelp: CommandHelp = {
  arguments: [{ name: "[build-dir]", text: "the build folder to pack", default: "build" }],
  options: {
    out: {
      value: "FILE|DIR/",
      text: "the zip to write; a path ending in / or an existing folder gets bundle.zip inside",
      default: "bundle.zip beside the build folder",
    },
    payloads: { text: "first run each tool's install command in a scratch folder and pack its payloads" },
    sign: {
      value: "KEY",
      text: "sign manifest.json with this SSH key through ssh-keygen -Y sign and write <zip>.sig (a private key, or a .pub whose key ssh-agent holds)",
    },
  },
  exitCodes: {
    0: 'packed: the zip and <zip>.sha256 ("<hex>  <name>") are written',
    1: "the build folder is missing or not a build; or the zip cannot be written",
    2: "usage error or internal failure",
  },
  examples: [
    { command: "agentc pack my-registry/build", text: "write my-registry/bundle.zip and bundle.zip.sha256" },
    { command: "agentc pack build --out dist/", text: "write dist/bundle.zip (dist/ is made when missing)" },
    {
      command: "agentc pack build --sign ~/.ssh/team_ed25519",
      text: "also write bundle.zip.sig, the team's SSH signature that install and update verify",
    },
  ],
};
