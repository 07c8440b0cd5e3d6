import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { examplePack } from "../../src/diagnostics/client-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { sbomProblems } from "../support/sbom-schema.js";
import { testdir, writeFiles } from "../support/testdir.js";
import { type GitServer, startGitServer } from "./git-server.js";
import { initRegistry, skill } from "./upstream.js";

const read = (path: string) => readFileSync(path, "utf8");
const built = (dir: string, path: string) => read(join(dir, "build", path));
const permissions = (body: object) =>
  `${JSON.stringify({ version: 1, deny: [], ask: [], allow: [], ...body }, null, 2)}\n`;

/** Every file of a folder by posix path, to commit a registry made by `agentc init` into a repository. */
function treeOf(dir: string, root = dir): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(files, treeOf(path, root));
    else files[relative(root, path)] = read(path);
  }
  return files;
}

/** The sources.json of a registry made by `agentc init`, with these dependencies. */
function withDependencies(dir: string, dependencies: object[]): Record<string, string> {
  const sources = JSON.parse(read(join(dir, "sources.json")));
  return { "sources.json": `${JSON.stringify({ ...sources, dependencies }, null, 2)}\n` };
}

/** An agentc registry kept in a git repository of the server, with `files` and `dependencies`. */
async function registryRepo(
  git: GitServer,
  name: string,
  files: Record<string, string>,
  dependencies: object[] = [],
): Promise<string> {
  const dir = await initRegistry(name, files);
  writeFiles(dir, withDependencies(dir, dependencies));
  return git.create(name, treeOf(dir));
}

const lockOf = (dir: string) =>
  JSON.parse(read(join(dir, "agentc.lock"))).dependencies as {
    name: string;
    resolved: string;
    required_by?: string[];
  }[];

describe("transitive dependencies: a registry dependency's own dependencies", () => {
  it("are followed, pinned in the top lock with who requires them, layered below, frozen and in the SBOM graph", async () => {
    const git = await startGitServer();
    const tools = git.create("tools", { "skills/tool/SKILL.md": skill("tool", "Tool v1.") });
    await registryRepo(
      git,
      "base",
      {
        "core/skills/base-only/SKILL.md": skill("base-only", "Base only."),
        "core/skills/shared/SKILL.md": skill("shared", "Shared from base."),
        "core/permissions.json": permissions({
          deny: [{ verb: "exec", commands: ["sudo"] }],
          allow: [{ verb: "exec", commands: ["wget"] }],
        }),
        "core/hooks.json": '{"version": 1, "hooks": []}\n',
      },
      [{ name: "tools", kind: "git", source: git.url("tools"), path: "skills", ref: "main" }],
    );
    await registryRepo(git, "org", { "core/skills/shared/SKILL.md": skill("shared", "Shared from org.") }, [
      { name: "base", kind: "registry", source: git.url("base"), trusted: true, allow_permissions: true },
    ]);
    const team = await initRegistry("team");
    writeFiles(team, withDependencies(team, [{ name: "org", kind: "registry", source: git.url("org") }]));

    const locked = await runAgentc(["lock", team]);
    assert.equal(locked.status, 0, locked.stderr + locked.stdout);
    assert.match(locked.stdout, /wrote .*agentc\.lock: 3 dependencies/);
    assert.deepEqual(
      lockOf(team).map((e) => [e.name, e.required_by]),
      [
        ["org", undefined],
        ["org/base", ["org"]],
        ["org/base/tools", ["org/base"]],
      ],
    );
    assert.equal(lockOf(team)[2]?.resolved, tools);
    const lockBytes = read(join(team, "agentc.lock"));

    const build = await runAgentc(["build", team]);
    assert.equal(build.status, 0, build.stdout);
    assert.match(built(team, ".claude/skills/tool/SKILL.md"), /Tool v1\./, "two levels down");
    assert.match(built(team, ".claude/skills/base-only/SKILL.md"), /Base only\./);
    assert.match(built(team, ".claude/skills/shared/SKILL.md"), /Shared from org\./, "the nearer layer wins");
    assert.match(
      build.stdout,
      /The skill "shared" of dependency "org\/base" is not used: @org\/core\/skills/,
    );
    const settings = built(team, ".agentc-compose/claude-code/.claude/settings.json.json");
    assert.match(settings, /sudo/, "a transitive layer's deny rule applies");
    assert.doesNotMatch(settings, /wget/, "org's grant of allow_permissions does not carry over to team");
    assert.match(
      build.stdout,
      /AGC197 Dependency "org\/base" is not trusted, so core\/hooks\.json \(a hooks file\) is left out/,
    );
    assert.match(build.stdout, /add \{ "name": "org\/base", "trusted": true \} to "transitive_dependencies"/);
    const bom = JSON.parse(built(team, "sbom.cdx.json")) as {
      dependencies: { ref: string; dependsOn?: string[] }[];
    };
    assert.equal(await sbomProblems(built(team, "sbom.cdx.json")), null);
    const graph = Object.fromEntries(bom.dependencies.map((d) => [d.ref, d.dependsOn ?? []]));
    assert.deepEqual(graph.registry, ["dependency:org"]);
    assert.deepEqual(graph["dependency:org"], ["dependency:org/base"]);
    assert.deepEqual(graph["dependency:org/base"], ["dependency:org/base/tools"]);

    const sources = JSON.parse(read(join(team, "sources.json")));
    sources.transitive_dependencies = [
      { name: "org/base", trusted: true, allow_permissions: true },
      { name: "org/bsae/tools", trusted: true },
    ];
    writeFiles(team, { "sources.json": `${JSON.stringify(sources, null, 2)}\n` });
    const granted = await runAgentc(["build", team, "--offline"]);
    assert.equal(granted.status, 0, granted.stdout);
    assert.doesNotMatch(granted.stdout, /AGC197/);
    assert.match(
      granted.stdout,
      /sources\.json:\d+:\d+: warning AGC191 "transitive_dependencies" names "org\/bsae\/tools", which is no dependency of the registry's dependencies\n {2}hint: Did you mean "org\/base\/tools"\?/,
    );
    assert.match(built(team, ".agentc-compose/claude-code/.claude/settings.json.json"), /wget/);

    git.commit("tools", { "skills/tool/SKILL.md": skill("tool", "Tool v2.") });
    const frozen = await runAgentc(["build", team, "--frozen"]);
    assert.equal(frozen.status, 1);
    assert.match(
      frozen.stdout,
      /@org\/base\/sources\.json:\d+:\d+: error AGC191 Dependency "org\/base\/tools": "main" now names [0-9a-f]{40} upstream/,
    );
    assert.match(frozen.stdout, /agentc update org\/base\/tools/);
    const outdated = await runAgentc(["outdated", "--sources", team, "--check"]);
    assert.equal(outdated.status, 1, outdated.stdout);
    assert.match(outdated.stdout, /^org +registry +HEAD +[0-9a-f]{40} +[0-9a-f]{40} +current$/m);
    assert.match(outdated.stdout, /^org\/base\/tools +git +main +[0-9a-f]{40} +[0-9a-f]{40} +behind$/m);
    assert.equal(read(join(team, "agentc.lock")), lockBytes, "--frozen never writes the lock");

    await git.stop();
    const offline = await runAgentc(["build", team, "--offline", "--frozen"]);
    assert.equal(offline.status, 0, offline.stdout);
    assert.match(
      built(team, ".claude/skills/tool/SKILL.md"),
      /Tool v1\./,
      "the locked commit, from the cache",
    );
    assert.equal(read(join(team, "agentc.lock")), lockBytes);
  });

  it("one version per input: the registry's own declaration wins over a dependency's, with an info", async () => {
    const git = await startGitServer();
    const first = git.create("tools", { "skills/tool/SKILL.md": skill("tool", "Tool v1.") });
    git.commit("tools", { "skills/tool/SKILL.md": skill("tool", "Tool v2.") });
    const tools = { kind: "git", source: git.url("tools"), path: "skills" };
    await registryRepo(git, "org", {}, [{ name: "tools", ...tools, ref: "main" }]);
    const team = await initRegistry("team");
    writeFiles(
      team,
      withDependencies(team, [
        { name: "org", kind: "registry", source: git.url("org") },
        { name: "pinned-tools", ...tools, ref: first },
      ]),
    );
    const build = await runAgentc(["build", team]);
    assert.equal(build.status, 0, build.stdout);
    assert.match(
      build.stdout,
      /info AGC191 Dependency "org" asks for git:\/\/.*tools at "main", but the nearer declaration "pinned-tools" at "[0-9a-f]{40}" is used/,
    );
    assert.match(built(team, ".claude/skills/tool/SKILL.md"), /Tool v1\./);
    assert.deepEqual(
      lockOf(team).map((e) => [e.name, e.required_by]),
      [
        ["org", undefined],
        ["pinned-tools", ["org"]],
      ],
    );
  });

  it("agentc update --sources moves every dependency, theirs too, in one agentc.lock", async () => {
    const git = await startGitServer();
    git.create("tools", { "skills/tool/SKILL.md": skill("tool", "Tool v1.") });
    git.create("docs", { "skills/docs/SKILL.md": skill("docs", "Docs v1.") });
    await registryRepo(git, "org", {}, [
      { name: "tools", kind: "git", source: git.url("tools"), path: "skills", ref: "main" },
    ]);
    const team = await initRegistry("team");
    writeFiles(
      team,
      withDependencies(team, [
        { name: "org", kind: "registry", source: git.url("org") },
        { name: "docs", kind: "git", source: git.url("docs"), path: "skills", ref: "main" },
      ]),
    );
    assert.equal((await runAgentc(["lock", team])).status, 0);
    const before = lockOf(team);
    const tools = git.commit("tools", { "skills/tool/SKILL.md": skill("tool", "Tool v2.") });
    const docs = git.commit("docs", { "skills/docs/SKILL.md": skill("docs", "Docs v2.") });
    const unchanged = await runAgentc(["update", "org", "--registry", team]);
    assert.equal(unchanged.status, 0, unchanged.stderr);
    assert.match(unchanged.stdout, /"org" is already at what its ref names/);
    const moved = await runAgentc(["update", "--sources", "--registry", team]);
    assert.equal(moved.status, 0, moved.stderr + moved.stdout);
    assert.match(moved.stdout, /^wrote agentc\.lock: 3 dependencies$/m);
    const after = Object.fromEntries(lockOf(team).map((e) => [e.name, e.resolved]));
    assert.equal(after.docs, docs);
    assert.equal(after["org/tools"], tools);
    assert.equal(after.org, before.find((e) => e.name === "org")?.resolved, "org itself did not move");
    const again = await runAgentc(["update", "--sources", "--registry", team]);
    assert.match(again.stdout, /agentc\.lock is already at what every ref names: 3 dependencies/);
    assert.equal((await runAgentc(["build", team, "--frozen"])).status, 0);

    const lock = JSON.parse(read(join(team, "agentc.lock")));
    const locked = lock.dependencies.find((e: { name: string }) => e.name === "org/tools");
    lock.dependencies.push({ ...locked, name: "org/gone" });
    writeFiles(team, { "agentc.lock": `${JSON.stringify(lock, null, 2)}\n` });
    const stale = await runAgentc(["build", team, "--frozen", "--offline"]);
    assert.equal(stale.status, 1, stale.stdout);
    assert.match(
      stale.stdout,
      /agentc\.lock pins "org\/gone", which no dependency's sources\.json declares any more; --frozen does not remove it/,
    );
  });

  it("targets.json: the org's policies fill the keys the team does not set; the team's choices and safety switches stay its own", async () => {
    const git = await startGitServer();
    const orgDir = await initRegistry("org");
    await registryRepo(git, "org", {
      "targets.json": `${JSON.stringify(
        {
          ...JSON.parse(read(join(orgDir, "targets.json"))),
          client_policies: { "claude-code": ["permissions.disableBypassPermissionsMode"] },
          secret_guard: false,
          assistants: ["codex"],
          accepted_losses: [
            { client: "nowhere", check: "AGC080", reason: "Accepted for a client that is not there." },
          ],
        },
        null,
        2,
      )}\n`,
    });
    const team = await initRegistry("team", {
      "core/permissions.json": permissions({ deny: [{ verb: "exec", commands: ["sudo"] }] }),
    });
    writeFiles(team, withDependencies(team, [{ name: "org", kind: "registry", source: git.url("org") }]));
    const build = await runAgentc(["build", team]);
    assert.equal(build.status, 0, build.stdout);
    assert.match(
      build.stdout,
      /@org\/targets\.json:\d+:\d+: warning AGC131 accepted_losses\[0\] \(AGC080, client "nowhere"\) matches no loss/,
      "a finding about an inherited key points into the dependency's file",
    );
    const settings = built(team, ".agentc-compose/claude-code/.claude/settings.json.json");
    assert.match(settings, /disableBypassPermissionsMode/, "the org's client policy is written");
    assert.match(
      built(team, ".claude/hooks/agentc-guard.mjs"),
      /./,
      "the org's secret_guard: false is not taken",
    );
    assert.throws(
      () => built(team, ".codex/config.toml"),
      /ENOENT/,
      "the org's assistants do not choose the team's",
    );
  });

  it("capability packages: the org's enter where the team has none of that slug; hooks only from a trusted dependency", async () => {
    const git = await startGitServer();
    const manifest = (body: object) => `${JSON.stringify({ version: "1.0.0", ...body }, null, 2)}\n`;
    await registryRepo(git, "org", {
      "capabilities/notes/capability.json": manifest({
        capability: "acme.notes",
        description: "Notes.",
        skills: ["skills"],
      }),
      "capabilities/notes/skills/jot/SKILL.md": skill("jot", "Jot a note."),
      "capabilities/runner/capability.json": manifest({
        capability: "acme.runner",
        description: "Runs.",
        hooks: { spawn: "bin/hook.sh spawn" },
      }),
      "capabilities/runner/bin/hook.sh": "#!/bin/sh\necho spawned\n",
      "capabilities/shared/capability.json": manifest({ capability: "acme.shared", description: "Org's." }),
    });
    const team = await initRegistry("team", {
      "capabilities/shared/capability.json": manifest({ capability: "acme.shared", description: "Team's." }),
    });
    writeFiles(team, withDependencies(team, [{ name: "org", kind: "registry", source: git.url("org") }]));
    const build = await runAgentc(["build", team]);
    assert.equal(build.status, 0, build.stdout);
    assert.match(built(team, ".agents/capabilities/acme.notes/capability.json"), /acme\.notes/);
    assert.match(built(team, ".agents/capabilities/acme.notes/skills/jot/SKILL.md"), /Jot a note\./);
    assert.match(
      built(team, ".agents/capabilities/acme.shared/capability.json"),
      /Team's\./,
      "the team's own wins",
    );
    assert.match(
      build.stdout,
      /info AGC191 The capability package "acme\.shared" of dependency "org" is not used: capabilities\/shared\/capability\.json defines it and wins/,
    );
    assert.throws(() => built(team, ".agents/capabilities/acme.runner/capability.json"), /ENOENT/);
    assert.match(
      build.stdout,
      /@org\/capabilities\/runner\/capability\.json:1:1: warning AGC191 Dependency "org" is not trusted, so its capability package "acme\.runner"/,
    );

    writeFiles(
      team,
      withDependencies(team, [{ name: "org", kind: "registry", source: git.url("org"), trusted: true }]),
    );
    const trusted = await runAgentc(["build", team]);
    assert.equal(trusted.status, 0, trusted.stdout);
    assert.match(built(team, ".agents/capabilities/acme.runner/capability.json"), /acme\.runner/);
  });

  it("client packs: a trusted dependency's pack of a client the team has no pack of is used, with the files it maps", async () => {
    const git = await startGitServer();
    const pack = {
      ...examplePack,
      shared_core: [{ src: "shared/guide.md", dst: ".example/guide.md" }],
    };
    await registryRepo(git, "org", {
      "clients/example.json": `${JSON.stringify(pack, null, 2)}\n`,
      "shared/guide.md": "# Guide\n\nThe org's guide for Example.\n",
    });
    const team = await initRegistry("team", {
      "core/skills/review/SKILL.md": skill("review", "Review the diff."),
    });
    const declare = (trusted: boolean) =>
      writeFiles(
        team,
        withDependencies(team, [{ name: "org", kind: "registry", source: git.url("org"), trusted }]),
      );
    declare(false);
    const untrusted = await runAgentc(["build", team]);
    assert.equal(untrusted.status, 0, untrusted.stdout);
    assert.match(
      untrusted.stdout,
      /@org\/clients\/example\.json:1:1: warning AGC191 Dependency "org" is not trusted, so its client pack "example"/,
    );
    assert.throws(() => built(team, ".example/guide.md"), /ENOENT/);

    declare(true);
    const trusted = await runAgentc(["build", team]);
    assert.equal(trusted.status, 0, trusted.stdout);
    assert.match(built(team, ".example/guide.md"), /The org's guide for Example\./);
    assert.match(
      built(team, ".example/skills/review/SKILL.md"),
      /Review the diff\./,
      "the pack compiles core",
    );
    assert.match(
      built(team, ".claude/skills/review/SKILL.md"),
      /Review the diff\./,
      "the team's own clients stay",
    );

    writeFiles(team, {
      "clients/example.json": `${JSON.stringify({ ...examplePack, name: "Team's Example" }, null, 2)}\n`,
    });
    const own = await runAgentc(["build", team]);
    assert.equal(own.status, 0, own.stdout);
    assert.match(
      own.stdout,
      /info AGC191 The client pack "example" of dependency "org" is not used: clients\/example\.json is the pack of "example" and wins/,
    );
    assert.throws(() => built(team, ".example/guide.md"), /ENOENT/);
  });

  it("a dependency's dependency may not name a file:// repository of this machine; the registry's own may", async () => {
    const local = testdir({ "skills/secret/SKILL.md": skill("secret", "Private.") }, "agentc-local-");
    const gitIn = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], { cwd: local });
    gitIn("init", "-q", "-b", "main");
    gitIn("add", "-A");
    gitIn("commit", "-q", "-m", "private");
    const git = await startGitServer();
    const localDependency = { name: "secret", kind: "git", source: `file://${local}`, path: "skills" };
    await registryRepo(git, "hostile", {}, [localDependency]);
    const team = await initRegistry("team");
    writeFiles(team, withDependencies(team, [{ name: "up", kind: "registry", source: git.url("hostile") }]));
    const refused = await runAgentc(["lock", team]);
    assert.equal(refused.status, 1, refused.stdout);
    assert.match(
      refused.stdout + refused.stderr,
      /error AGC191 Dependency "up\/secret" is declared by "up" at file:\/\/\S+, a repository of this machine/,
    );
    assert.throws(() => read(join(team, "agentc.lock")), /ENOENT/);

    writeFiles(team, withDependencies(team, [localDependency]));
    const own = await runAgentc(["lock", team]);
    await git.stop();
    assert.equal(own.status, 0, own.stdout + own.stderr);
    assert.deepEqual(
      lockOf(team).map((e) => e.name),
      ["secret"],
    );
  });

  it("a dependency whose sources.json is not valid: its own dependencies are not followed, and what is wrong is named", async () => {
    const git = await startGitServer();
    await registryRepo(git, "broken", {}, [{ name: "x", kind: "git" }]);
    const team = await initRegistry("team");
    writeFiles(team, withDependencies(team, [{ name: "up", kind: "registry", source: git.url("broken") }]));
    const locked = await runAgentc(["lock", team]);
    await git.stop();
    assert.equal(locked.status, 0, locked.stdout + locked.stderr);
    const out = locked.stdout + locked.stderr;
    assert.match(
      out,
      /warning AGC\d+ The sources\.json of dependency "up" is not valid, so its own dependencies are not followed/,
    );
    assert.match(
      out,
      /@up\/sources\.json:\d+:\d+: warning AGC\d+ .*source/,
      "the problem itself, at its place",
    );
    assert.deepEqual(
      lockOf(team).map((e) => e.name),
      ["up"],
    );
  });

  it("a cycle is an error naming it, and nothing is locked", async () => {
    const git = await startGitServer();
    const loop = { kind: "registry", source: git.url("ring-a") };
    await registryRepo(git, "ring-b", {}, [{ name: "a", ...loop }]);
    await registryRepo(git, "ring-a", {}, [{ name: "b", kind: "registry", source: git.url("ring-b") }]);
    const team = await initRegistry("team");
    writeFiles(team, withDependencies(team, [{ name: "a", ...loop }]));
    const locked = await runAgentc(["lock", team]);
    assert.equal(locked.status, 1);
    assert.match(
      locked.stdout + locked.stderr,
      /@a\/b\/sources\.json:\d+:\d+: error AGC191 Dependency "a\/b" declares "a", which is a again: a cycle a → a\/b → a/,
    );
    assert.throws(() => read(join(team, "agentc.lock")), /ENOENT/);
  });
});
