import type { CliOption } from "../cli-option.js";
import { hookTimeoutOptions } from "../hook-timeout-option.js";
import { integrityOptions } from "../integrity-option.js";
import { projectOptions } from "../project-option.js";
import { scopeOptions } from "../scope-option.js";
import { signerOptions } from "../signer-options.js";
import { yesOptions } from "../yes-option.js";
import type { CommandHelp } from "./command-help.js";

/** The options install shares with update. */
export const installOptions: Record<string, CliOption> = {
  ...projectOptions("the project to install into"),
  ...scopeOptions,
  components: {
    value: "a,b",
    text: "install these components (required ones are always added)",
    default:
      "ask on a terminal; else the last install's, or on a first install the registry's chosen assistants'",
  },
  all: { text: "install every component of the bundle" },
  ...yesOptions("ask nothing: take the default components, answer no hook or requirement question"),
  "dry-run": { text: "print the whole plan and every conflict; write nothing" },
  "move-aside": {
    text: "rename a file of yours in the bundle's way (at a shipped path agentc cannot compose into, or one it asks to remove) to <name>.agentc-old instead of stopping (uninstall puts it back)",
  },
  "take-new": {
    text: "an owned file you edited that the new build changes (or a file of yours the bundle calls an earlier seed of its own): take the new one, yours saved as <file>.agentc-old",
  },
  "keep-mine": {
    text: "the same files: keep yours and write no <file>.agentc-new beside them",
    default: "on a terminal ask per file; else keep yours and write the new one as <file>.agentc-new",
    orElse: "take-new",
  },
  "take-imported": {
    text: "on a first install after the registry was edited, take over your files that still hold what agentc import read from them (the manifest's imported_hashes), each kept in .agentc/originals until uninstall",
    default: "left as they are, and said so",
  },
  "allow-downgrade": {
    text: "install a bundle whose registry_version is older than the installed one (a rollback)",
    default: "refused, naming both versions",
  },
  ...integrityOptions(
    "the bundle's sha256: what pack writes into <zip>.sha256, <hex>, sha256:<hex> or sha256-<base64>",
  ),
  "allow-hooks": {
    text: "run the spawn and soul-scaffold hooks of the bundle's capability packages without asking",
  },
  "accept-requirement": {
    value: "PACKAGE",
    text: "accept the named required package without asking",
    repeatable: true,
  },
  ...hookTimeoutOptions,
  ...signerOptions,
};

export const installHelp: CommandHelp = {
  arguments: [
    {
      name: "<bundle>",
      text: "a build folder, a .zip, a server's base URL, a bundle URL or oci://HOST/REPO:TAG",
    },
  ],
  options: installOptions,
  exitCodes: {
    0: "installed, or nothing to do (or the dry run's plan printed)",
    1: "a conflict with your files, a bundle that fails its checks, or a refused hook; nothing changed",
    2: "usage error or internal failure",
  },
  examples: [
    {
      command: "agentc install my-registry/build --project ../app --dry-run",
      text: "show what would be written into ../app, and every conflict",
    },
    {
      command: 'agentc install dist/bundle.zip --integrity "$(cat dist/bundle.zip.sha256)" --all --yes',
      text: "install every component of a packed bundle, verified, asking nothing",
    },
    {
      command: "agentc install https://agents.example.com/ --signer team.pub",
      text: "install only a bundle the team's key signed (bundle.zip.sig); updates then need that key too",
    },
  ],
};
