import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { InstallRecord } from "../../../src/install/model/record.js";
import { planInstall } from "../../../src/install/plan/plan.js";
import type { Desired } from "../../../src/manifest/desired.js";
import { desired, memoryProject, planLines, recordOf, type Written } from "../../support/memory-project.js";

/**
 * The pure planner as a table: what a bundle wants × what is in the project × what the last install
 * recorded → the actions and conflicts, in plan order. No disk: each case plans in a few milliseconds. The
 * cases follow installer-safety.md; the subprocess tests (crash, signals, lock) keep covering apply.
 */
interface Case {
  name: string;
  want: Desired;
  project: Record<string, Written>;
  record?: InstallRecord;
  moveAside?: boolean;
  plan: string[];
}

const a = ".rules/a.md";
const owned = (sha256: string) => desired({ files: [{ path: a, sha256 }] });
const seed = (sha256: string, known: string[] = []) =>
  desired({ files: [{ path: "AGENTS.md", sha256, role: "seed" }], knownSeedHashes: { "AGENTS.md": known } });
const notOurs = "is a file agentc did not create; replacing it would lose it";

const cases: Case[] = [
  {
    name: "fresh install: the folder and the file are made",
    want: owned("v1"),
    project: {},
    plan: ["mkdir .rules", `create ${a}`],
  },
  {
    name: "reinstall: the same bytes are left alone",
    want: owned("v1"),
    project: { [a]: { file: "v1" } },
    record: recordOf([{ path: a, sha256: "v1" }]),
    plan: [`unchanged ${a}`],
  },
  {
    name: "upgrade: agentc's unedited file is replaced",
    want: owned("v2"),
    project: { [a]: { file: "v1" } },
    record: recordOf([{ path: a, sha256: "v1" }]),
    plan: [`update ${a}`],
  },
  {
    name: "upgrade that changes a file the person edited: theirs kept, the new one parked beside it (case 26)",
    want: owned("v2"),
    project: { [a]: { file: "edited" } },
    record: recordOf([{ path: a, sha256: "v1" }]),
    plan: [`keep-modified ${a}`, `write-beside ${a}.agentc-new`],
  },
  {
    name: "upgrade that leaves a file the person edited: kept silently (case 26)",
    want: owned("v1"),
    project: { [a]: { file: "edited" } },
    record: recordOf([{ path: a, sha256: "v1" }]),
    plan: [`keep ${a}`],
  },
  {
    name: "a person's file in the way: a conflict",
    want: owned("v1"),
    project: { [a]: { file: "theirs" } },
    plan: [`conflict ${a}: ${notOurs}`],
  },
  {
    name: "a person's file in the way, --move-aside: renamed, then written",
    want: owned("v1"),
    project: { [a]: { file: "theirs" } },
    moveAside: true,
    plan: [`move-aside ${a} → ${a}.agentc-old`, `create ${a}`],
  },

  { name: "seed: written when missing", want: seed("s1"), project: {}, plan: ["create AGENTS.md"] },
  {
    name: "seed: an unedited earlier version is refreshed",
    want: seed("s2", ["s1"]),
    project: { "AGENTS.md": { file: "s1" } },
    record: recordOf([{ path: "AGENTS.md", kind: "seed", sha256: "s1" }]),
    plan: ["update AGENTS.md"],
  },
  {
    name: "seed: an edited one is kept, the new version written beside it",
    want: seed("s2", ["s1"]),
    project: { "AGENTS.md": { file: "mine" } },
    record: recordOf([{ path: "AGENTS.md", kind: "seed", sha256: "s1" }]),
    plan: ["keep-modified AGENTS.md", "write-beside AGENTS.md.agentc-new"],
  },
  {
    name: "a file the bundle dropped goes when unedited, stays when edited",
    want: desired({}),
    project: { ".rules/old.md": { file: "o1" }, ".rules/edited.md": { file: "changed" } },
    record: recordOf([
      { path: ".rules/old.md", sha256: "o1" },
      { path: ".rules/edited.md", sha256: "e1" },
      { path: ".rules", kind: "dir" },
    ]),
    plan: ["remove .rules/old.md", "keep .rules/edited.md"],
  },
  {
    name: "an owned folder: a person's file at a name agentc does not ship is left alone (case 7)",
    want: desired({ files: [{ path: a, sha256: "v1" }], ownedDirs: [{ path: ".rules" }] }),
    project: { ".rules/notes.md": { file: "theirs" } },
    plan: [`create ${a}`],
  },
  {
    name: "an owned folder: a person's file at a shipped name is a conflict",
    want: desired({ files: [{ path: ".rules/notes.md", sha256: "v1" }], ownedDirs: [{ path: ".rules" }] }),
    project: { ".rules/notes.md": { file: "theirs" } },
    plan: ["conflict .rules/notes.md: is a file agentc did not create; replacing it would lose it"],
  },
  {
    name: "a link is made where nothing is; a person's file there is a conflict",
    want: desired({
      links: [
        { path: "CLAUDE.md", target: "AGENTS.md" },
        { path: "GEMINI.md", target: "AGENTS.md" },
      ],
    }),
    project: { "GEMINI.md": { file: "theirs" } },
    plan: [
      "link CLAUDE.md → AGENTS.md",
      "conflict GEMINI.md: should become a link to AGENTS.md, but is a file agentc did not write (or one edited since)",
    ],
  },
  {
    name: "a folder above the file is a link: refused, never written through",
    want: owned("v1"),
    project: { ".rules": { link: "/etc" } },
    plan: [`conflict ${a}: its parent .rules is a symbolic link; agentc never writes through it`],
  },
  {
    name: "uninstall (nothing wanted): agentc's files and its emptied folder go",
    want: desired({}),
    project: { [a]: { file: "v1" } },
    record: recordOf([
      { path: a, sha256: "v1" },
      { path: ".rules", kind: "dir" },
    ]),
    plan: [`remove ${a}`, "rmdir .rules"],
  },
];

describe("the planner as a table (desired × project × record → plan)", () => {
  for (const c of cases) {
    it(c.name, () => {
      const plan = planInstall({
        desired: c.want,
        record: c.record,
        state: memoryProject(c.project),
        moveAside: c.moveAside ?? false,
        readFile: () => undefined,
      });
      assert.deepEqual(planLines(plan), c.plan);
    });
  }
});
