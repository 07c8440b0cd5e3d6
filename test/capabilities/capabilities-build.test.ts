import assert from "node:assert/strict";
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { capabilitySlug } from "../../src/capabilities/capability-slug.js";
import {
  json,
  notesFiles,
  notesManifest,
  withCapability,
  withNotes,
} from "../../src/capabilities/checks/capability-fixtures.js";
import { capabilityManifestMatchesSchema } from "../../src/capabilities/checks/capability-manifest-matches-schema.js";
import { capabilityPathsResolve } from "../../src/capabilities/checks/capability-paths-resolve.js";
import { loadCapabilities } from "../../src/capabilities/load-capabilities.js";
import type { CapabilityManifest } from "../../src/capabilities/model.js";
import { capabilityNamesUnique } from "../../src/checks/capabilities/capability-names-unique.js";
import { environmentUsesVendorPrefix } from "../../src/checks/capabilities/environment-uses-vendor-prefix.js";
import { injectReachesAnInstance } from "../../src/checks/capabilities/inject-reaches-an-instance.js";
import { oneCapabilityPerLayer } from "../../src/checks/capabilities/one-capability-per-layer.js";
import { runtimeRequirementNotChecked } from "../../src/checks/capabilities/runtime-requirement-not-checked.js";
import { soulScaffoldNotRun } from "../../src/checks/capabilities/soul-scaffold-not-run.js";
import { spawnHookHasRetire } from "../../src/checks/capabilities/spawn-hook-has-retire.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { withBase } from "../../src/diagnostics/fixture-base.js";
import { RegistryReader } from "../../src/documents/registry-reader.js";
import { readManifest } from "../../src/install/bundle/read-manifest.js";
import { serializeManifest } from "../../src/manifest/canonical-manifest.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { checkTable, type ExpectedFinding } from "../support/check-harness.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const manifestPath = "capabilities/notes/capability.json";

/** Where `needle` starts in the manifest text of a fixture (the value a diagnostic must point at). */
function at(
  files: Fixture,
  needle: string,
  file = manifestPath,
): { file: string; line: number; column: number } {
  const text = files[file] ?? "";
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `${needle} is in ${file}`);
  const before = text.slice(0, offset).split("\n");
  return { file, line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

function finding(
  files: Fixture,
  needle: string,
  message: string | RegExp,
  file = manifestPath,
): ExpectedFinding {
  return { ...at(files, needle, file), message };
}

/** A second package in capabilities/<dir>/ with the notes files. */
function plus(dir: string, manifest: object, files: Fixture = notesFiles): Fixture {
  return {
    [`capabilities/${dir}/capability.json`]: json(manifest),
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`capabilities/${dir}/${path}`, text])),
  };
}

const scribe: Fixture = {
  ...notesFiles,
  "souls/scribe/soul.yaml": "name: scribe\n",
  "souls/scribe/AGENTS.md": "# Scribe\n\nKeeps notes.\n\n",
  "inject.md": "## Notes\n\nUse $ACME_NOTES_DIR.\n",
};

describe("loading capability packages", () => {
  it("reads every file of the folder, derives the slug and the hooks", () => {
    const root = testdir(withCapability({ ...notesManifest, agents: ["souls/scribe"] }, scribe));
    const diagnostics: Diagnostic[] = [];
    const [pkg, ...rest] = loadCapabilities(new RegistryReader(root), diagnostics);
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(rest, []);
    assert.equal(pkg?.slug, "notes");
    assert.equal(pkg?.manifestFile, manifestPath);
    assert.deepEqual(pkg?.hooks, [
      { event: "retire", command: "bin/hook.mjs retire", required: false },
      { event: "spawn", command: "bin/hook.mjs spawn", required: true },
    ]);
    assert.deepEqual(
      [...(pkg?.files.keys() ?? [])],
      [
        "bin/hook.mjs",
        "capability.json",
        "inject.md",
        "skills/take-notes/SKILL.md",
        "souls/scribe/AGENTS.md",
        "souls/scribe/soul.yaml",
      ],
    );
  });

  it("accepts oats.json as the manifest's OATS name", async () => {
    const files = withCapability(notesManifest);
    const { [manifestPath]: text, ...rest } = files;
    const result = await compileRegistry(testdir({ ...rest, "capabilities/notes/oats.json": text ?? "" }));
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === "error"),
      [],
    );
    assert.ok(result.manifest?.install.components["capability-notes"]);
  });

  it("a registry without capabilities/ has none", () => {
    const diagnostics: Diagnostic[] = [];
    assert.deepEqual(loadCapabilities(new RegistryReader(testdir(withBase({}))), diagnostics), []);
    assert.deepEqual(diagnostics, []);
  });

  it("reports a package folder it may not read, unless running as root", (t) => {
    if (process.getuid?.() === 0) return t.skip("root reads every folder");
    const root = testdir(withCapability(notesManifest));
    const skills = join(root, "capabilities/notes/skills");
    chmodSync(skills, 0o000);
    const diagnostics: Diagnostic[] = [];
    const reader = new RegistryReader(root);
    loadCapabilities(reader, diagnostics);
    diagnostics.push(...reader.diagnostics);
    chmodSync(skills, 0o755);
    assert.ok(
      diagnostics.some(
        (d) =>
          d.id === "AGC003" &&
          d.message.startsWith("capabilities/notes/skills cannot be read (permission denied)"),
      ),
      JSON.stringify(diagnostics),
    );
  });

  it("slug: the command, else the id made path-safe", () => {
    const withoutCommand: CapabilityManifest = { capability: "acme.notes", version: "1", description: "d" };
    assert.equal(capabilitySlug({ ...withoutCommand, command: "n" }), "n");
    assert.equal(capabilitySlug({ ...withoutCommand, capability: "@acme/notes.tool" }), "acme-notes.tool");
    assert.equal(capabilitySlug({ ...withoutCommand, capability: "acme.notes/sub" }), "acme.notes-sub");
  });
});

const unknownKey = withCapability({ ...notesManifest, envirnoment: ["ACME_NOTES_DIR"] });
const retireRequired = withNotes({
  hooks: { ...notesManifest.hooks, retire: { command: "x", required: true } },
});
const halfRequirement = withNotes({
  requires: [{ command: "git" }, { runtime: "pi", package: "npm:x", why: "w", command: "x" }],
});
const bothNames = { ...withNotes({}), "capabilities/notes/oats.json": json(notesManifest) };
const noManifest = { ...withNotes({}), "capabilities/empty/README.md": "nothing here\n" };
const stray = { ...withNotes({}), "capabilities/loose.json": "{}\n" };
const twice = withBase2(
  `{\n  "capability": "acme.notes",\n  "version": "1",\n  "version": "2",\n  "description": "d"\n}\n`,
);

function withBase2(manifestText: string): Fixture {
  return { ...withCapability(notesManifest), [manifestPath]: manifestText };
}

checkTable(capabilityManifestMatchesSchema, {
  valid: [
    { name: "a full manifest", files: withNotes({ compatibility: { oats: ">=0.22" } }) },
    {
      name: "only the required keys",
      files: withBase2(json({ capability: "a.b", version: "1", description: "d" })),
    },
  ],
  invalid: [
    {
      name: "an unknown key, at its key, with a did-you-mean hint",
      files: unknownKey,
      findings: [finding(unknownKey, '"envirnoment"', 'Unexpected key "envirnoment"')],
    },
    {
      name: "required on retire, at the value, without the string branch's noise",
      files: retireRequired,
      findings: [finding(retireRequired, "true\n    }\n  }", "Unexpected value at hooks.retire.required")],
    },
    {
      name: "a requirement: only the problems of the kind it looks like",
      files: halfRequirement,
      findings: [
        finding(halfRequirement, '{\n      "command": "git"', 'Missing required key "why" in requires[0]'),
        finding(halfRequirement, '"command": "x"', 'Unexpected key "command" in requires[1]'),
      ],
    },
    {
      name: "a layer outside the list",
      files: withNotes({ layer: "chat" }),
      findings: [finding(withNotes({ layer: "chat" }), '"chat"', "Unexpected value at layer")],
    },
    {
      name: "both capability.json and oats.json",
      files: bothNames,
      findings: [{ file: "capabilities/notes/oats.json", line: 1, column: 1, message: "holds both" }],
    },
    {
      name: "a folder without a manifest",
      files: noManifest,
      findings: [{ file: "capabilities/empty", line: 1, column: 1, message: "holds no capability.json" }],
    },
    {
      name: "a file directly in capabilities/",
      files: stray,
      findings: [{ file: "capabilities/loose.json", line: 1, column: 1, message: "is a file" }],
    },
    {
      name: "a key written twice",
      files: twice,
      findings: [finding(twice, '"version": "2"', '"version" is written twice')],
    },
  ],
});

const copied = {
  ...withNotes({}),
  ...plus("copy", { ...notesManifest, command: "notes-copy", layer: "tasks" }),
};
const sameSlug = {
  ...withNotes({}),
  ...plus("other", { ...notesManifest, capability: "acme.other", layer: "tasks" }),
};
const sameAgent = {
  ...withCapability({ ...notesManifest, agents: ["souls/scribe"] }, scribe),
  ...plus(
    "board",
    {
      ...notesManifest,
      capability: "acme.board",
      command: "board",
      layer: "tasks",
      agents: ["souls/scribe"],
    },
    scribe,
  ),
};

checkTable(capabilityNamesUnique, {
  valid: [
    {
      name: "two packages with their own names",
      files: {
        ...withNotes({}),
        ...plus("board", { ...notesManifest, capability: "acme.board", command: "board", layer: "tasks" }),
      },
    },
  ],
  invalid: [
    {
      name: "one capability id",
      files: copied,
      findings: [
        finding(copied, '"acme.notes"', 'capability id "acme.notes" that capabilities/copy/capability.json'),
      ],
    },
    {
      name: "a copy: one id and one slug, reported once",
      files: { ...withNotes({}), ...plus("copy", { ...notesManifest, layer: "tasks" }) },
      findings: [
        {
          ...at(withNotes({}), '"acme.notes"'),
          message: 'capability id "acme.notes" that capabilities/copy/capability.json',
        },
      ],
    },
    {
      name: "one command, so one slug",
      files: sameSlug,
      findings: [
        { ...at(sameSlug, '"notes"', "capabilities/other/capability.json"), message: 'slug "notes"' },
      ],
    },
    {
      name: "one agent name in two packages",
      files: sameAgent,
      findings: [finding(sameAgent, '"souls/scribe"', 'agent "scribe" that capabilities/board')],
    },
  ],
});

const twoKnowledge = {
  ...withNotes({}),
  ...plus("board", { ...notesManifest, capability: "acme.board", command: "board" }),
};

checkTable(oneCapabilityPerLayer, {
  valid: [
    {
      name: "a package without a layer beside one with it",
      files: (() => {
        const { layer: _, ...unlayered } = { ...notesManifest, capability: "acme.board", command: "board" };
        return { ...withNotes({}), ...plus("board", unlayered) };
      })(),
    },
  ],
  invalid: [
    {
      name: "two knowledge packages",
      files: twoKnowledge,
      findings: [finding(twoKnowledge, '"knowledge"', "both take the knowledge layer")],
    },
  ],
});

const rootOfSkills = withCapability(
  { ...notesManifest, skills: ["./skills/"], inject: "inject.md", agents: ["souls/scribe"] },
  scribe,
);
const onPath = withNotes({ commands: { list: "node bin/hook.mjs list", peek: "ls -la" } });
const badPaths = withCapability(
  {
    ...notesManifest,
    skills: ["skills/take-notes", "skills/none", "../elsewhere"],
    inject: "missing.md",
    agents: ["souls/half"],
    hooks: { spawn: { command: "bin/absent.mjs", required: true }, retire: "'bin/hook.mjs" },
    commands: { list: "../../bin/list.mjs" },
  },
  { ...notesFiles, "souls/half/soul.yaml": "name: half\n" },
);

checkTable(capabilityPathsResolve, {
  valid: [
    { name: "a root of skill folders, an inject file and a soul", files: rootOfSkills },
    { name: "programs on PATH are not looked for in the package", files: onPath },
  ],
  invalid: [
    {
      name: "every kind of path that does not resolve",
      files: badPaths,
      findings: [
        finding(badPaths, '"skills/none"', '"skills/none" is neither a skill folder'),
        finding(badPaths, '"../elsewhere"', '"../elsewhere" leaves the package folder'),
        finding(badPaths, '"missing.md"', 'the inject file "missing.md" is not in the package'),
        finding(badPaths, '"souls/half"', 'the soul folder "souls/half" has no AGENTS.md'),
        finding(badPaths, '"bin/absent.mjs"', 'the program "bin/absent.mjs" is not in the package'),
        finding(badPaths, `"'bin/hook.mjs"`, "has an unbalanced ' quote at column 1"),
        finding(badPaths, '"../../bin/list.mjs"', '"../../bin/list.mjs" leaves the package folder'),
      ],
    },
  ],
});

const spawnOnly = withNotes({ hooks: { spawn: notesManifest.hooks.spawn } });
checkTable(spawnHookHasRetire, {
  valid: [
    { name: "spawn and retire", files: withNotes({}) },
    { name: "an optional spawn hook alone", files: withNotes({ hooks: { spawn: "bin/hook.mjs spawn" } }) },
  ],
  invalid: [
    {
      name: "a required spawn hook alone",
      files: spawnOnly,
      findings: [finding(spawnOnly, '{\n      "command": "bin/hook.mjs spawn"', "nothing can undo")],
    },
  ],
});

const lonelyInject = withCapability(
  { ...notesManifest, inject: "inject.md" },
  { ...notesFiles, "inject.md": "Keep notes.\n" },
);
checkTable(injectReachesAnInstance, {
  valid: [
    { name: "no inject", files: withNotes({}) },
    {
      name: "an inject with an agent to put it into",
      files: withCapability(
        { ...notesManifest, inject: "inject.md", agents: ["souls/scribe"] },
        {
          ...notesFiles,
          "inject.md": "Keep notes.\n",
          "souls/scribe/soul.yaml": "name: scribe\n",
          "souls/scribe/AGENTS.md": "# Scribe\n",
        },
      ),
    },
  ],
  invalid: [
    {
      name: "an inject and no agents",
      files: lonelyInject,
      findings: [
        finding(lonelyInject, '"inject.md"', "has inject text but no agents: no assistant reads it"),
      ],
    },
  ],
});

const scaffoldHooks = { ...notesManifest.hooks, "soul-scaffold": "bin/hook.mjs scaffold" };
const scaffold = withNotes({ hooks: scaffoldHooks });
checkTable(soulScaffoldNotRun, {
  valid: [
    { name: "no soul-scaffold hook", files: withNotes({}) },
    {
      name: "a soul-scaffold hook and agents it runs for",
      files: withCapability({ ...notesManifest, hooks: scaffoldHooks, agents: ["souls/scribe"] }, scribe),
    },
  ],
  invalid: [
    {
      name: "a soul-scaffold hook without agents",
      files: scaffold,
      findings: [finding(scaffold, '"bin/hook.mjs scaffold"', "has a soul-scaffold hook but no agents")],
    },
  ],
});

const runtime = withNotes({
  requires: [
    { command: "git", why: "versioned notes" },
    { runtime: "pi", package: "npm:@acme/notes", why: "the viewer", install: "https://acme.example/notes" },
  ],
});
checkTable(runtimeRequirementNotChecked, {
  valid: [
    { name: "a host command", files: withNotes({ requires: [{ command: "git", why: "versioned notes" }] }) },
  ],
  invalid: [
    {
      name: "a runtime package",
      files: runtime,
      findings: [finding(runtime, '{\n      "runtime"', "needs the pi package npm:@acme/notes")],
    },
  ],
});

const foreignName = withNotes({ environment: ["ACME_NOTES_DIR", "PATH"] });
const dashedVendor = withNotes({ capability: "acme-co.notes", environment: ["ACME_CO_NOTES", "ACME_NOTES"] });
checkTable(environmentUsesVendorPrefix, {
  valid: [
    { name: "the vendor prefix", files: withNotes({}) },
    {
      name: "a scoped id has no vendor prefix",
      files: withNotes({ capability: "@acme/notes", environment: ["NOTES"] }),
    },
    {
      name: "the OATS case: aweb.* declares AWEB_*",
      files: withNotes({ capability: "aweb.chat", environment: ["AWEB_ID"] }),
    },
  ],
  invalid: [
    {
      name: "another tool's variable",
      files: foreignName,
      findings: [finding(foreignName, '"PATH"', '"PATH" does not start with ACME_')],
    },
    {
      name: "a vendor with a hyphen: ACME_CO_",
      files: dashedVendor,
      findings: [finding(dashedVendor, '"ACME_NOTES"', "does not start with ACME_CO_")],
    },
  ],
});

const binary = Buffer.from([0, 255, 254, 10, 13, 0x80, 0xc3, 0x28, 0, 1, 2, 3]);

/** The smallest registry with one package: no adapter, so the manifest holds only the capability. */
function smallRegistry(): string {
  const base = withCapability(
    {
      ...notesManifest,
      inject: "inject.md",
      agents: ["souls/scribe"],
      requires: [{ command: "git", why: "versioned notes", install: "apt install git" }],
      commands: { list: "bin/list.sh" },
    },
    { ...scribe, "bin/list.sh": "#!/bin/sh\nls\n" },
  );
  return testdir(base);
}

const goldenComponent = `      "capability-notes": {
        "owned_dirs": [
          ".agents/capabilities/notes",
          ".agents/local-agents/scribe",
          ".agents/skills/take-notes"
        ],
        "owned_files": [],
        "symlinks": [],
        "seeds": [],
        "preserve": [],
        "remove": [],
        "scaffold_dirs": [],
        "required": false,
        "name": "acme.notes",
        "executables": [
          ".agents/capabilities/notes/bin/hook.mjs",
          ".agents/capabilities/notes/bin/list.sh"
        ],
        "composed": [],
        "capability": {
          "id": "acme.notes",
          "version": "1.0.0",
          "home": ".agents/capabilities/notes",
          "layer": "knowledge",
          "environment": [
            "ACME_NOTES_DIR"
          ],
          "hooks": [
            "retire :: optional :: bin/hook.mjs retire",
            "spawn :: required :: bin/hook.mjs spawn"
          ]
        }
      }
    },
`;

describe("emission and manifest.json", () => {
  it("copies the package into its home and makes the agent's instance", async () => {
    const result = await compileRegistry(smallRegistry());
    assert.deepEqual(result.diagnostics, []);
    const files = new Map(
      result.tree?.files.filter((f) => f.path.startsWith(".agents/")).map((f) => [f.path, f]),
    );
    assert.deepEqual([...files.keys()].sort(), [
      ".agents/capabilities/notes/bin/hook.mjs",
      ".agents/capabilities/notes/bin/list.sh",
      ".agents/capabilities/notes/capability.json",
      ".agents/capabilities/notes/inject.md",
      ".agents/capabilities/notes/skills/take-notes/SKILL.md",
      ".agents/capabilities/notes/souls/scribe/AGENTS.md",
      ".agents/capabilities/notes/souls/scribe/soul.yaml",
      ".agents/local-agents/scribe/.agents/skills/take-notes/SKILL.md",
      ".agents/local-agents/scribe/AGENTS.md",
      ".agents/local-agents/scribe/soul.yaml",
      ".agents/skills/take-notes/SKILL.md",
    ]);
    for (const file of files.values()) assert.equal(file.component, "capability-notes");
    assert.equal(
      files.get(".agents/local-agents/scribe/AGENTS.md")?.bytes.toString(),
      "# Scribe\n\nKeeps notes.\n\n## Notes\n\nUse $ACME_NOTES_DIR.\n",
    );
    assert.equal(files.get(".agents/local-agents/scribe/soul.yaml")?.bytes.toString(), "name: scribe\n");
  });

  it("writes the component in the canonical layout, capability block last, host requirements as tools", async () => {
    const result = await compileRegistry(smallRegistry());
    assert.ok(result.manifest);
    const text = serializeManifest(result.manifest);
    assert.ok(text.includes(goldenComponent), text);
    assert.ok(text.includes(`    "tools": [\n      "git :: apt install git"\n    ],\n`), text);
  });

  it("an instance's AGENTS.md is the soul's bytes when the package has no inject file", async () => {
    const result = await compileRegistry(
      testdir(withCapability({ ...notesManifest, agents: ["souls/scribe"] }, scribe)),
    );
    const file = result.tree?.files.find((f) => f.path === ".agents/local-agents/scribe/AGENTS.md");
    assert.equal(file?.bytes.toString(), scribe["souls/scribe/AGENTS.md"]);
  });
});

describe("agentc build with a capability package (real CLI)", () => {
  async function build(dir: string): Promise<string> {
    const out = join(testdir(), "build");
    const result = await runAgentc(["build", dir, "--out", out]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    return out;
  }

  function tree(dir: string, prefix = ""): Map<string, Buffer> {
    const out = new Map<string, Buffer>();
    for (const name of readdirSync(join(dir, prefix)).sort()) {
      const path = prefix ? `${prefix}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) for (const entry of tree(dir, path)) out.set(...entry);
      else out.set(path, readFileSync(join(dir, path)));
    }
    return out;
  }

  it("copies a binary file byte for byte and marks only programs executable", async () => {
    const withBlob = testdir({
      ...Object.fromEntries(tree(smallRegistry())),
      "capabilities/notes/data/blob.bin": binary,
    });
    const built = await build(withBlob);
    assert.deepEqual(readFileSync(join(built, ".agents/capabilities/notes/data/blob.bin")), binary);
    assert.ok(statSync(join(built, ".agents/capabilities/notes/bin/list.sh")).mode & 0o100);
    assert.equal(statSync(join(built, ".agents/capabilities/notes/data/blob.bin")).mode & 0o111, 0);
  });

  it("builds the same bytes twice", async () => {
    const dir = testdir({
      ...Object.fromEntries(tree(smallRegistry())),
      "capabilities/notes/data/blob.bin": binary,
    });
    const first = tree(await build(dir));
    const second = tree(await build(dir));
    assert.deepEqual([...first.keys()], [...second.keys()]);
    for (const [path, bytes] of first) assert.ok(bytes.equals(second.get(path) ?? Buffer.alloc(0)), path);
  });

  it("the installer reads the capability block, and rejects a malformed one or a home that leaves the project", async () => {
    const out = await build(smallRegistry());
    const read = readManifest(out);
    assert.ok(read.ok, JSON.stringify(read));
    assert.equal(read.manifest.install.components["capability-notes"]?.capability?.layer, "knowledge");
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    const component = manifest.install.components["capability-notes"];
    component.capability = { ...component.capability, hooks: "spawn", home: "../outside" };
    writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest));
    const bad = readManifest(out);
    assert.ok(!bad.ok);
    assert.match(
      bad.problems.join("\n"),
      /install\.components\.capability-notes\.capability\.hooks" to be a list of strings/,
    );
    component.capability.hooks = [];
    writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest));
    const outside = readManifest(out);
    assert.ok(!outside.ok);
    assert.match(outside.problems.join("\n"), /capability\.home: path "\.\.\/outside"/);
  });

  it("check --format json reports an unknown key with its line and column", async () => {
    const dir = testdir(unknownKey);
    const result = await runAgentc(["check", dir, "--format", "json"]);
    assert.equal(result.status, 1, result.stderr);
    const report = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
    assert.deepEqual(
      report.diagnostics.map(({ id, file, line, column }) => ({ id, file, line, column })),
      [{ id: "AGC095", ...at(unknownKey, '"envirnoment"') }],
    );
    assert.match(report.diagnostics[0]?.hint ?? "", /Did you mean "environment"\?/);
  });
});
