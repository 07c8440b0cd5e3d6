import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import type { ComponentInstall, Manifest } from "../../src/manifest/manifest-model.js";
import { sha256 } from "../../src/shared/hash.js";
import { pair } from "../../src/shared/line-codec.js";
import { makeBundle, stamps } from "../support/install-fixture.js";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Crafted manifests and hand-edited records (issue 15, finding 9): each is refused before planning with a clear
 * message and exit 1, and nothing at all is written (the inode and times of every path stay the same).
 */

type Component = Partial<ComponentInstall>;

/** A bundle folder whose manifest says exactly what is given: every file gets its hash, seeds a seed hash. */
function crafted(components: Record<string, Component>, files: Record<string, string>): string {
  const dir = testdir({}, "agentc-crafted-");
  for (const [path, text] of Object.entries(files)) {
    try {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    } catch {
      // "x" and "x/y" cannot both be in a folder: the manifest still lists both (it is never read that far)
    }
  }
  const seeds = new Set(Object.values(components).flatMap((c) => c.seeds ?? []));
  const full = Object.fromEntries(
    Object.entries(components).map(([id, c]) => [
      id,
      {
        owned_dirs: [],
        owned_files: [],
        symlinks: [],
        seeds: [],
        preserve: [],
        remove: [],
        scaffold_dirs: [],
        required: false,
        name: id,
        executables: [],
        ...c,
      },
    ]),
  );
  const hashes = Object.entries(files).map(([path, text]) => pair(path, sha256(text)));
  const manifest: Manifest = {
    version: 1,
    registry_version: "1.0.0",
    artifacts: Object.keys(files).sort(),
    install: {
      components: full,
      artifact_hashes: hashes.sort(),
      seed_hashes: hashes.filter((line) => seeds.has(line.split(" :: ")[0] ?? "")),
    },
  } as Manifest;
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

const capabilityBlock = (home: string) => ({
  id: "acme.crafted",
  version: "1.0.0",
  home,
  layer: "",
  environment: [],
  hooks: [],
});

interface ManifestCase {
  name: string;
  bundle: () => string;
  message: RegExp;
}

const agentcOwn = /lies in \.agentc\/, agentc's own folder .*the bundle is rejected/;

const manifestCases: ManifestCase[] = [
  {
    name: "an owned file at .agentc/installed.json",
    bundle: () =>
      crafted({ a: { owned_files: [".agentc/installed.json"] } }, { ".agentc/installed.json": "{}\n" }),
    message: /\.agentc\/installed\.json: lies in \.agentc\//,
  },
  {
    name: "an owned file at .AGENTC/manifest.json (the same folder where case is folded)",
    bundle: () =>
      crafted({ a: { owned_files: [".AGENTC/manifest.json"] } }, { ".AGENTC/manifest.json": "{}\n" }),
    message: agentcOwn,
  },
  {
    name: "an owned folder .agentc",
    bundle: () => crafted({ a: { owned_dirs: [".agentc"] } }, { ".agentc/journal.json": "{}\n" }),
    message: agentcOwn,
  },
  {
    name: "a seed at .agentc/lock",
    bundle: () => crafted({ a: { seeds: [".agentc/lock"] } }, { ".agentc/lock": "{}\n" }),
    message: /\.agentc\/lock: lies in \.agentc\//,
  },
  {
    name: "a link at .agentc/journal.json",
    bundle: () =>
      crafted(
        { a: { owned_files: ["AGENTS.md"], symlinks: [".agentc/journal.json :: AGENTS.md :: copy"] } },
        { "AGENTS.md": "# rules\n" },
      ),
    message: /\.agentc\/journal\.json: lies in \.agentc\//,
  },
  {
    name: "a shared file composed into .agentc/installed.json",
    bundle: () =>
      crafted(
        { a: { composed: [".agentc/installed.json :: json :: .agentc-compose/a/x.json"] } },
        { ".agentc-compose/a/x.json": '{"entries": []}\n' },
      ),
    // refused as a file no client pack composes into, before the .agentc check is reached
    message: /"\.agentc\/installed\.json :: json :: [^"]+" asks to compose into \.agentc\/installed\.json/,
  },
  {
    name: "a legacy removal of .agentc/installed.json",
    bundle: () =>
      crafted(
        { a: { owned_files: ["AGENTS.md"], remove: [".agentc/installed.json"] } },
        { "AGENTS.md": "x\n" },
      ),
    message: /\.agentc\/installed\.json: lies in \.agentc\//,
  },
  {
    name: "a scaffold folder in .agentc",
    bundle: () => crafted({ a: { scaffold_dirs: [".agentc/cache"] } }, {}),
    message: /\.agentc\/cache: lies in \.agentc\//,
  },
  {
    name: "a capability whose home is in .agentc",
    bundle: () =>
      crafted(
        { a: { owned_dirs: [".agentc/cap"], capability: capabilityBlock(".agentc/cap") } },
        { ".agentc/cap/capability.json": "{}\n" },
      ),
    message: /\.agentc\/cap: lies in \.agentc\//,
  },
  {
    name: "one path owned by two components in two modes",
    bundle: () =>
      crafted(
        { a: { owned_files: ["a.md"] }, b: { owned_files: ["a.md"], executables: ["a.md"] } },
        { "a.md": "hello\n" },
      ),
    message:
      /a\.md: installed by component b \(owned file\) and by component a \(owned file\); a path belongs to one component in one role/,
  },
  {
    name: "one path owned and a seed of the same component",
    bundle: () => crafted({ a: { owned_files: ["a.md"], seeds: ["a.md"] } }, { "a.md": "hello\n" }),
    message: /a\.md: installed by component a \(seed\) and by component a \(owned file\)/,
  },
  {
    name: "one path owned by one component and a seed of another",
    bundle: () => crafted({ a: { owned_files: ["a.md"] }, b: { seeds: ["a.md"] } }, { "a.md": "hello\n" }),
    message: /a\.md: installed by component b \(seed\) and by component a \(owned file\)/,
  },
  {
    name: "one seed listed twice",
    bundle: () => crafted({ a: { seeds: ["a.md", "a.md"] } }, { "a.md": "hello\n" }),
    message: /a\.md: installed by component a \(seed\) and by component a \(seed\)/,
  },
  {
    name: "an owned file that is also a link",
    bundle: () =>
      crafted(
        { a: { owned_files: ["a.md", "b.md"], symlinks: ["a.md :: b.md :: copy"] } },
        { "a.md": "hello\n", "b.md": "other\n" },
      ),
    message: /a\.md: installed by component a \(link\) and by component a \(owned file\)/,
  },
  {
    name: "two spellings of one path in two components",
    bundle: () =>
      crafted(
        { a: { owned_files: ["Docs/A.md"] }, b: { owned_files: ["docs/a.md"] } },
        { "Docs/A.md": "1\n", "docs/a.md": "2\n" },
      ),
    message:
      /docs\/a\.md: installed by component b .* \(as "Docs\/A\.md": the same file where case is folded\)/,
  },
  {
    name: "a file below a file",
    bundle: () => crafted({ a: { owned_files: ["x"] }, b: { seeds: ["x/y"] } }, { x: "1\n", "x/y": "2\n" }),
    message: /x\/y: seed of component b lies below x, an owned file of component a/,
  },
  {
    name: "a seed of one component inside the owned folder of another",
    bundle: () =>
      crafted(
        { a: { owned_dirs: [".rules"] }, b: { seeds: [".rules/b.md"] } },
        { ".rules/a.md": "1\n", ".rules/b.md": "2\n" },
      ),
    // the folder's files are the component's: b.md is then installed by both, once as a seed
    message:
      /\.rules\/b\.md: (seed of component b lies inside \.rules|installed by component b \(seed\) and by component a \(owned file\))/,
  },
  {
    name: "a link of one component inside the owned folder of another",
    bundle: () =>
      crafted(
        {
          a: { owned_dirs: [".rules"] },
          b: { owned_files: ["AGENTS.md"], symlinks: [".rules/b.md :: AGENTS.md :: copy"] },
        },
        { ".rules/a.md": "1\n", "AGENTS.md": "2\n" },
      ),
    message: /\.rules\/b\.md: link of component b lies inside \.rules, the owned folder of component a/,
  },
  {
    name: "one folder owned by two components",
    bundle: () =>
      crafted({ a: { owned_dirs: [".rules"] }, b: { owned_dirs: [".rules"] } }, { ".rules/a.md": "1\n" }),
    message: /\.rules: installed by component b \(owned folder\) and by component a \(owned folder\)/,
  },
];

const noTrace = /at .*\.js:\d+|internal:/;

describe("crafted manifests are refused before planning; nothing is written", () => {
  for (const c of manifestCases) {
    it(c.name, () => {
      const project = testdir({ "README.md": "mine\n" });
      const before = stamps(project);
      for (const flags of [["--all"], ["--all", "--dry-run"]]) {
        const result = runCli(["install", c.bundle(), "--project", project, ...flags]);
        assert.equal(result.status, 1, result.stderr);
        assert.match(result.stderr, c.message);
        assert.doesNotMatch(result.stderr, noTrace);
      }
      assert.deepEqual(stamps(project), before);
    });
  }

  it("one file two components list with the same bytes and mode is allowed and written once", () => {
    const bundle = crafted(
      { a: { owned_files: ["a.md"] }, b: { owned_files: ["a.md"] } },
      { "a.md": "hello\n" },
    );
    const project = testdir();
    const result = runCli(["install", bundle, "--project", project, "--all"]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(readFileSync(join(project, "a.md"), "utf8"), "hello\n");
    assert.equal(runCli(["status", "--project", project, "--check"]).status, 0);
  });

  it("a file one component lists inside another's owned folder is written once, for the folder's owner", () => {
    const bundle = crafted(
      { a: { owned_dirs: [".rules"] }, b: { owned_files: [".rules/b.md"] } },
      { ".rules/a.md": "1\n", ".rules/b.md": "2\n" },
    );
    const project = testdir();
    const result = runCli(["install", bundle, "--project", project, "--all"]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(readFileSync(join(project, ".rules/b.md"), "utf8"), "2\n");
    assert.equal(runCli(["status", "--project", project, "--check"]).status, 0);
    const onlyB = runCli(["install", bundle, "--project", project, "--components", "b", "--yes"]);
    assert.equal(onlyB.status, 0, onlyB.stderr);
    assert.equal(readFileSync(join(project, ".rules/b.md"), "utf8"), "2\n");
    assert.equal(existsSync(join(project, ".rules/a.md")), false);
    assert.equal(runCli(["status", "--project", project, "--check"]).status, 0);
  });

  it("a build of agentc's own examples passes the same checks", () => {
    const project = testdir();
    const out = testdir();
    assert.equal(runCli(["build", "examples/team", "--out", out]).status, 0);
    const result = runCli(["install", out, "--project", project, "--all", "--allow-hooks"]);
    assert.equal(result.status, 0, result.stderr);
  });
});

/** A small installed project to hand-edit the record of. */
function installedProject(): { project: string; bundle: string; outside: string } {
  const outside = testdir({ "victim.txt": "not agentc's\n" });
  const bundle = makeBundle({
    components: {
      base: { files: { "AGENTS.md": "# rules\n", ".rules/a.md": "a\n" }, owned_dirs: [".rules"] },
    },
  });
  const project = testdir({ "README.md": "mine\n" });
  assert.equal(runCli(["install", bundle, "--project", project, "--all"]).status, 0);
  return { project, bundle, outside };
}

type RecordJson = Record<string, unknown> & { entries: Record<string, unknown>[] };

interface RecordCase {
  name: string;
  edit: (record: RecordJson, outside: string, project: string) => unknown;
  message: RegExp;
}

const victimHash = sha256("not agentc's\n");

const recordCases: RecordCase[] = [
  {
    name: "an entry that climbs out of the project",
    edit: (r, outside, project) => {
      const rel = join("..", outside.slice(dirname(project).length + 1), "victim.txt");
      r.entries.push({ path: rel, kind: "file", component: "base", sha256: victimHash });
      return r;
    },
    message: /entries\[\d+\] has the path "\.\.\/.*victim\.txt", which holds a '\.\.' segment/,
  },
  {
    name: "an absolute entry",
    edit: (r, outside) => {
      r.entries.push({
        path: join(outside, "victim.txt"),
        kind: "file",
        component: "base",
        sha256: victimHash,
      });
      return r;
    },
    message: /entries\[\d+\] has the path ".*victim\.txt", which is absolute/,
  },
  {
    name: "an entry in .agentc",
    edit: (r) => {
      r.entries.push({ path: ".agentc/manifest.json", kind: "file", component: "base" });
      return r;
    },
    message: /entries\[\d+\] has the path "\.agentc\/manifest\.json", which lies in \.agentc\//,
  },
  {
    name: "an entry of an unknown kind",
    edit: (r) => {
      (r.entries[0] as Record<string, unknown>).kind = "folder-tree";
      return r;
    },
    message: /entries\[0\] has a "kind" other than file, seed/,
  },
  {
    name: "an entry whose hash is not a sha256",
    edit: (r) => {
      const file = r.entries.find((e) => e.kind === "file") as Record<string, unknown>;
      file.sha256 = "abc";
      return r;
    },
    message: /has a "sha256" that is not a sha256 hex digest/,
  },
  {
    name: "entries that are not a list",
    edit: (r) => ({ ...r, entries: {} }),
    message: /has no list "entries"/,
  },
  {
    name: "an owned folder outside the project",
    edit: (r) => ({ ...r, owned_dirs: [{ path: "../elsewhere", component: "base", preserve: [] }] }),
    message: /owned_dirs\[0\] has the path "\.\.\/elsewhere", which holds a '\.\.' segment/,
  },
  {
    name: "a shared file outside the project",
    edit: (r) => ({
      ...r,
      composed: [{ path: "/etc/settings.json", format: "json", components: [], created: true, owned: [] }],
    }),
    message: /composed\[0\] has the path "\/etc\/settings\.json", which is absolute/,
  },
  {
    name: "a capability whose home is outside the project",
    edit: (r) => ({
      ...r,
      spawned: [
        {
          component: "base",
          capability: "acme.x",
          version: "1",
          home: "../x",
          layer: "",
          environment: [],
          content_sha256: "0",
          hooks: [],
          state: "ok",
          env: {},
        },
      ],
    }),
    message: /spawned\[0\] has the path "\.\.\/x", which holds a '\.\.' segment/,
  },
  {
    name: "a record from another version",
    edit: (r) => ({ ...r, version: 2 }),
    message: /has "version" 2, expected 1/,
  },
  {
    name: "a record cut short",
    edit: () => '{"version": 1, "entries": [',
    message: /installed\.json: not valid JSON/,
  },
];

describe("hand-edited records are refused by install, uninstall and status; nothing is written", () => {
  for (const c of recordCases) {
    it(c.name, () => {
      const { project, bundle, outside } = installedProject();
      const path = join(project, ".agentc/installed.json");
      const edited = c.edit(JSON.parse(readFileSync(path, "utf8")) as RecordJson, outside, project);
      writeFileSync(path, typeof edited === "string" ? edited : JSON.stringify(edited));
      const before = { project: stamps(project), outside: stamps(outside) };
      for (const args of [["install", bundle, "--all"], ["uninstall"], ["status", "--check"]]) {
        const result = runCli([...args, "--project", project]);
        assert.equal(result.status, 1, `${args[0]}: ${result.stdout}${result.stderr}`);
        assert.match(result.stderr, c.message, args[0]);
        assert.match(result.stderr, /restore it, or remove the project's \.agentc folder/);
        assert.doesNotMatch(result.stderr, noTrace);
      }
      assert.deepEqual({ project: stamps(project), outside: stamps(outside) }, before);
    });
  }
});

describe("a project whose .agentc is not a folder", () => {
  for (const [what, make] of [
    [
      "a link to another folder",
      (project: string, outside: string) => symlinkSync(outside, join(project, ".agentc")),
    ],
    ["a file", (project: string) => writeFileSync(join(project, ".agentc"), "mine\n")],
  ] as const) {
    it(`${what}: install, uninstall and status refuse it and write nothing, there or through it`, () => {
      const { bundle, project: elsewhere } = installedProject();
      const outside = join(elsewhere, ".agentc");
      const project = testdir({ "README.md": "mine\n" });
      make(project, outside);
      const before = { project: stamps(project), outside: stamps(outside) };
      for (const args of [["install", bundle, "--all"], ["uninstall"], ["status", "--check"]]) {
        const result = runCli([...args, "--project", project]);
        assert.equal(result.status, 1, `${args[0]}: ${result.stdout}${result.stderr}`);
        assert.match(
          result.stderr,
          /\.agentc is (a symbolic link \(to .*\)|not a folder); agentc keeps its install record there/,
        );
        assert.doesNotMatch(result.stderr, noTrace);
      }
      assert.deepEqual({ project: stamps(project), outside: stamps(outside) }, before);
    });
  }
});
