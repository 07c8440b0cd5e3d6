import { yesOptions } from "../yes-option.js";
import type { CommandHelp } from "./command-help.js";
import { installOptions } from "./install.js";

export const updateHelp: CommandHelp = {
  arguments: [
    {
      name: "[dependency]",
      text: "move this dependency of a registry's sources.json to what its ref names now, in agentc.lock (nothing is installed)",
    },
  ],
  options: {
    ...installOptions,
    ...yesOptions("ask nothing (update never asks: it takes the recorded components; accepted for scripts)"),
    check: { text: "only say whether a newer bundle exists; exit 1 when behind (for CI)" },
    to: {
      value: "VERSION | RANGE",
      text: "the newest version within this (1.4.2, ^1, ~1.4) of a served or OCI source; older than the installed one needs --allow-downgrade",
      default: "the newest release",
    },
    summary: {
      text: "update, then print what changed (files, components, what each assistant gains or loses) as Markdown for a pull request's body (--format json: as JSON); the update's own report goes to stderr",
    },
    registry: { value: "DIR", text: "with <dependency> or --sources: the registry folder", default: "." },
    sources: {
      text: "move every dependency of the registry's sources.json (and theirs) to what its ref names now, and write agentc.lock once (nothing is installed)",
    },
  },
  exitCodes: {
    0: "updated, or up to date",
    1: "behind (with --check); the source cannot be reached or its bundle fails its checks; a conflict",
    2: "no project or install record here; or a usage error",
  },
  examples: [
    {
      command: "agentc update --project ../app",
      text: "install the newest bundle from where ../app's came from",
    },
    {
      command: "agentc update --sources --registry org-registry",
      text: "move every dependency of org-registry in its agentc.lock",
    },
    { command: "agentc update --check", text: "exit 1 when the current folder's install is behind" },
    {
      command: "agentc update --to ~1.4",
      text: "the newest 1.4.x the recorded server or OCI repository offers",
    },
    {
      command: "agentc update --summary > pr-body.md",
      text: "update, and write the pull request's body: files, components, each assistant's gains and losses",
    },
  ],
};
