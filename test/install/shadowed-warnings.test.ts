import assert from "node:assert/strict";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { Plan } from "../../src/install/model/plan-model.js";
import { adoptedLoadWarnings } from "../../src/install/project/adopted-load.js";
import { askedTree, diskTree, overlayTree, sessionLoad } from "../../src/session-load/index.js";
import { testdir } from "../support/testdir.js";

/**
 * The installer's warning that a client stops reading a person's file (adopted-load.ts) loads the project before
 * the install only for clients whose reading the created files could change. Here each case's warnings are
 * compared with the slow answer that loads every client twice, on real folders.
 */

const home = testdir({});

/** An install that created `created` (the files are on disk already, as after the write). */
function planCreating(created: string[]): Plan {
  const content = { from: "bundle" as const, path: "x", sha256: "" };
  return {
    actions: created.map((path) => ({ op: "create" as const, path, content, executable: false })),
    conflicts: [],
    warnings: [],
    composed: [],
    entries: [],
  };
}

/** The unread files of every client, loading each before and after the install: "client: source". */
function unreadEverywhere(root: string, created: string[]): string[] {
  const after = diskTree(root);
  const before = overlayTree(after, { removed: created });
  const person = diskTree(home);
  return builtinClientPacks().flatMap(({ pack }) => {
    const still = new Set(sessionLoad(pack, after, person).texts.map((t) => t.source));
    return sessionLoad(pack, before, person)
      .texts.filter((t) => !still.has(t.source))
      .map((t) => `${pack.name}: ${t.source}`);
  });
}

/** The same pairs from the installer's warnings. */
function unreadWarned(root: string, created: string[]): string[] {
  return adoptedLoadWarnings(root, [], planCreating(created), home)
    .filter((w) => w.kind === "not-loaded")
    .flatMap((w) => {
      const who = /^(.*) no longer reads? /.exec(w.problem)?.[1] ?? "";
      return who.split(/, | and /).map((name) => `${name}: ${w.path}`);
    });
}

const sorted = (lines: string[]) => [...lines].sort();

describe("shadowed-file warnings after an install", () => {
  it("a created file that only makes a folder exist, loaded as no text, still counts: Cline stops reading .cursorrules", () => {
    // .clinerules/workflows/ holds Cline's workflows (listed items, no text in the session); the folder existing
    // is enough for Cline to drop .cursorrules. No created path is among Cline's texts after the install.
    const created = [".clinerules/workflows/deploy.md"];
    const root = testdir({ ".cursorrules": "Use tabs.\n", [created[0] ?? ""]: "# Deploy\n" });
    const cline = builtinClientPacks().find(({ pack }) => pack.client === "cline");
    assert.ok(cline);
    const after = sessionLoad(cline.pack, diskTree(root));
    assert.ok(!after.texts.some((t) => created.includes(t.path) || created.includes(t.source)));
    const expected = unreadEverywhere(root, created);
    assert.ok(expected.includes("Cline: .cursorrules"), expected.join("\n"));
    assert.deepEqual(sorted(unreadWarned(root, created)), sorted(expected));
  });

  it("a created AGENTS.md that first-file-only clients now read first: the same warnings as loading every client twice", () => {
    const root = testdir({
      "CLAUDE.md": "# Ours\n",
      "GEMINI.md": "Answer briefly.\n",
      "AGENTS.md": "# Team\n",
    });
    const expected = unreadEverywhere(root, ["AGENTS.md"]);
    assert.ok(expected.length > 0);
    assert.deepEqual(sorted(unreadWarned(root, ["AGENTS.md"])), sorted(expected));
  });

  it("a person's link to a file the install creates is read through: no client loses a file", () => {
    const root = testdir({ "AGENTS.md": "# Team\n" });
    symlinkSync("AGENTS.md", join(root, "CLAUDE.md"));
    assert.deepEqual(unreadWarned(root, ["AGENTS.md"]), unreadEverywhere(root, ["AGENTS.md"]));
  });

  it("a person's file moved aside for agentc's own was there before: Zed read .rules then too", () => {
    // The takeover after an edit of an imported rule: .rules moved to .agentc/originals, agentc's written there.
    const root = testdir({ ".rules": "Ours, as agentc writes it now.\n", "AGENTS.md": "# Team\n" });
    const content = { from: "bundle" as const, path: "x", sha256: "" };
    const plan: Plan = {
      ...planCreating([]),
      actions: [
        { op: "move-aside", path: ".rules", to: ".agentc/originals/.rules" },
        { op: "create", path: ".rules", content, executable: false },
      ],
    };
    const warned = adoptedLoadWarnings(root, [], plan, home).filter((w) => w.kind === "not-loaded");
    assert.deepEqual(warned, []);
    assert.deepEqual(
      unreadWarned(root, [".rules"]).filter((line) => line.startsWith("Zed:")),
      ["Zed: AGENTS.md"],
      "the same file created where there was none does hide AGENTS.md from Zed",
    );
  });

  it("created files no client reads change nothing: no warning", () => {
    const root = testdir({ "CLAUDE.md": "# Ours\n", "docs/guide.md": "Read me.\n" });
    assert.deepEqual(unreadEverywhere(root, ["docs/guide.md"]), []);
    assert.deepEqual(unreadWarned(root, ["docs/guide.md"]), []);
  });
});

describe("askedTree", () => {
  const root = testdir({ "a.md": "A\n", "rules/one.md": "1\n", "rules/two.md": "2\n" });
  symlinkSync("a.md", join(root, "b.md"));
  type Ask = (tree: ReturnType<typeof diskTree>) => unknown;
  /** What is asked, what is removed, and whether the removal could change an answer. */
  const cases: [string, Ask, string[], boolean][] = [
    ["a text asked for", (t) => t.text("a.md"), ["a.md"], true],
    ["a link asked for", (t) => t.linkTarget("a.md"), ["a.md"], true],
    ["a file of a folder listed", (t) => t.filesUnder("rules"), ["rules/two.md"], true],
    ["the target of a link read", (t) => t.text("b.md"), ["a.md"], true],
    ["another file than the one read", (t) => t.text("a.md"), ["rules/one.md"], false],
    ["a file outside the folder listed", (t) => t.filesUnder("rules"), ["a.md"], false],
    ["nothing asked", () => undefined, ["a.md"], false],
  ];

  for (const [what, ask, removed, expected] of cases)
    it(`${expected ? "reaches" : "does not reach"} ${what}`, () => {
      const asked = askedTree(diskTree(root));
      ask(asked.tree);
      assert.equal(asked.reaches(new Set(removed)), expected);
    });
});
