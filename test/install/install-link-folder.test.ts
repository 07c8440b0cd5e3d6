import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { type BundleSpec, makeBundle, readRecordJson, snapshot, stamps } from "../support/install-fixture.js";
import { folderLinkSpec, linksRefused } from "../support/install-scenarios.js";
import { runAgentcWithEnv } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const refused = linksRefused;
const skills = folderLinkSpec;

/** In-process: AGENTC_FORCE_SYMLINK_EPERM is the installer's test switch, set for the run. */
function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  return runAgentcWithEnv(args, env);
}

function install(bundle: string, project: string, env: NodeJS.ProcessEnv = {}, ...flags: string[]) {
  return run(["install", bundle, "--project", project, "--yes", ...flags], env);
}

async function installJson(bundle: string, project: string, env: NodeJS.ProcessEnv = {}, ...flags: string[]) {
  const r = await install(bundle, project, env, "--format", "json", ...flags);
  return {
    ...r,
    json: JSON.parse(r.stdout || "{}") as { written: boolean; actions: Record<string, unknown>[] },
  };
}

const copied = {
  ".agents": "dir",
  ".agents/skills": "dir",
  ".agents/skills/x": "dir",
  ".agents/skills/x/SKILL.md": "file - x v1\n",
  ".agents/skills/y": "dir",
  ".agents/skills/y/SKILL.md": "file - y\n",
  ".agents/skills/y/run.sh": "file x #!/bin/sh\necho y\n",
};

const agentsPart = (project: string): Record<string, string> =>
  Object.fromEntries(Object.entries(snapshot(project)).filter(([p]) => p.startsWith(".agents")));

/** A project where links are refused and v1 was installed: `.agents/skills` is a copy of the folder. */
async function copiedProject(): Promise<{ project: string; before: Record<string, string> }> {
  const project = testdir({ "README.md": "mine\n" });
  const before = snapshot(project);
  const r = await install(makeBundle(skills(1)), project, refused);
  assert.equal(r.status, 0, r.stderr);
  return { project, before };
}

describe("10c: a link to a folder, where the system refuses links", () => {
  it("--dry-run names the folder copy and its files, and writes nothing", async () => {
    const project = testdir({ "README.md": "mine\n" });
    const before = stamps(project);
    const r = await installJson(makeBundle(skills(1)), project, refused, "--dry-run");
    assert.equal(r.status, 0, r.stderr);
    const link = r.json.actions.find((a) => a.op === "link");
    assert.deepEqual(link, {
      op: "link",
      path: ".agents/skills",
      target: "../.claude/skills",
      fallback: "copy-folder",
      fallback_files: ["x/SKILL.md", "y/SKILL.md", "y/run.sh"],
    });
    const pretty = await install(makeBundle(skills(1)), project, refused, "--dry-run");
    assert.match(
      pretty.stdout,
      /link +\.agents\/skills -> \.\.\/\.claude\/skills \(where links are refused: a copy of the folder, 3 files\)/,
    );
    assert.deepEqual(stamps(project), before);
  });

  it("copies the folder (modes kept), records the folder, its sub-folders and each file, and says so", async () => {
    const project = testdir();
    const r = await installJson(makeBundle(skills(1)), project, refused);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.json.actions.find((a) => a.op === "link")?.placed, "copy-folder");
    assert.deepEqual(agentsPart(project), copied);
    const entries = readRecordJson(project).entries.filter((e) => e.path.startsWith(".agents"));
    assert.deepEqual(
      entries.map((e) => [e.path, e.kind]),
      [
        [".agents", "dir"],
        [".agents/skills", "dir"],
        [".agents/skills/x", "dir"],
        [".agents/skills/x/SKILL.md", "copy"],
        [".agents/skills/y", "dir"],
        [".agents/skills/y/SKILL.md", "copy"],
        [".agents/skills/y/run.sh", "copy"],
      ],
    );
    assert.deepEqual(
      entries.find((e) => e.path === ".agents/skills"),
      { path: ".agents/skills", kind: "dir", component: "c", target: "../.claude/skills" },
    );
    assert.equal(
      Object.keys(snapshot(project)).some((p) => p.includes("agentc-tmp")),
      false,
    );
    const pretty = await install(makeBundle(skills(2)), testdir(), refused);
    assert.match(pretty.stdout, /\(links refused: wrote a copy of the folder, 3 files instead\)/);
  });

  it("a reinstall keeps the copied folder and writes nothing", async () => {
    const { project } = await copiedProject();
    const before = stamps(project);
    const again = await installJson(makeBundle(skills(1)), project, refused);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.json.written, false);
    assert.deepEqual(stamps(project), before);
    const withLinks = await installJson(makeBundle(skills(1)), project);
    assert.equal(withLinks.json.written, false, "an unchanged copy stays even where links work now");
    assert.deepEqual(stamps(project), before);
  });

  it("status reports an edit inside the copy as modified and an added file as foreign", async () => {
    const { project } = await copiedProject();
    assert.equal((await run(["status", "--project", project, "--check"])).status, 0);
    writeFileSync(join(project, ".agents/skills/x/SKILL.md"), "x v1, my edit\n");
    writeFileSync(join(project, ".agents/skills/mine.md"), "mine\n");
    rmSync(join(project, ".agents/skills/y/SKILL.md"));
    const r = await run(["status", "--project", project, "--check", "--format", "json"]);
    assert.equal(r.status, 1, r.stderr);
    const drift = (JSON.parse(r.stdout) as { drift: { path: string; kind: string }[] }).drift;
    assert.deepEqual(Object.fromEntries(drift.map((d) => [d.path, d.kind])), {
      ".agents/skills/x/SKILL.md": "modified",
      ".agents/skills/y/SKILL.md": "missing",
      ".agents/skills/mine.md": "foreign",
    });
  });

  it("an upgrade keeps an edit inside the copy: a conflict, nothing written", async () => {
    const { project } = await copiedProject();
    writeFileSync(join(project, ".agents/skills/y/SKILL.md"), "y, my edit\n");
    const before = stamps(project);
    for (const env of [refused, {}]) {
      const r = await installJson(makeBundle(skills(2)), project, env, "--move-aside");
      assert.equal(r.status, 1, r.stderr);
      const conflicts = (JSON.parse(r.stdout) as { conflicts: { path: string; problem: string }[] })
        .conflicts;
      assert.deepEqual(
        conflicts.map((c) => c.path),
        [".agents/skills/y/SKILL.md"],
      );
      assert.match(conflicts[0]?.problem ?? "", /not agentc's copy/);
      assert.deepEqual(stamps(project), before);
    }
  });

  it("an upgrade where links are still refused writes a new copy", async () => {
    const { project } = await copiedProject();
    const r = await install(makeBundle(skills(2)), project, refused);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(agentsPart(project), { ...copied, ".agents/skills/x/SKILL.md": "file - x v2\n" });
    assert.equal((await run(["status", "--project", project, "--check"])).status, 0);
  });

  it("an upgrade where links work again replaces the copied folder by the link", async () => {
    const { project } = await copiedProject();
    const r = await install(makeBundle(skills(2)), project);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(agentsPart(project), { ".agents": "dir", ".agents/skills": "link ../.claude/skills" });
    const entries = readRecordJson(project).entries.filter((e) => e.path.startsWith(".agents/"));
    assert.deepEqual(
      entries.map((e) => [e.path, e.kind]),
      [[".agents/skills", "symlink"]],
    );
    assert.equal((await run(["status", "--project", project, "--check"])).status, 0);
  });

  it("and the other way: an upgrade that must remake the link where links are now refused copies the folder", async () => {
    const project = testdir();
    assert.equal((await install(makeBundle(skills(1)), project)).status, 0);
    assert.equal(snapshot(project)[".agents/skills"], "link ../.claude/skills");
    const r = await installJson(makeBundle(skills(2, ".claude/other")), project, refused);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(agentsPart(project), {
      ".agents": "dir",
      ".agents/skills": "dir",
      ".agents/skills/z": "dir",
      ".agents/skills/z/SKILL.md": "file - z\n",
    });
    assert.equal((await run(["status", "--project", project, "--check"])).status, 0);
    const back = await install(makeBundle(skills(3)), project);
    assert.equal(back.status, 0, back.stderr);
    assert.equal(snapshot(project)[".agents/skills"], "link ../.claude/skills");
  });

  it("uninstall removes an untouched copy entirely, and keeps an edited file of it", async () => {
    const { project, before } = await copiedProject();
    const r = await run(["uninstall", "--project", project]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(snapshot(project), before);

    const edited = (await copiedProject()).project;
    writeFileSync(join(edited, ".agents/skills/x/SKILL.md"), "x, my edit\n");
    const u = await run(["uninstall", "--project", edited, "--format", "json"]);
    assert.equal(u.status, 0, u.stderr);
    const kept = (JSON.parse(u.stdout) as { actions: { op: string; path: string }[] }).actions
      .filter((a) => a.op === "keep")
      .map((a) => a.path);
    assert.deepEqual(kept, [".agents/skills/x/SKILL.md"]);
    assert.deepEqual(agentsPart(edited), {
      ".agents": "dir",
      ".agents/skills": "dir",
      ".agents/skills/x": "dir",
      ".agents/skills/x/SKILL.md": "file - x, my edit\n",
    });
  });

  it("a component dropped later takes its copied folder with it", async () => {
    const project = testdir();
    const spec = skills(1);
    const both: BundleSpec = {
      ...spec,
      components: { ...spec.components, core: { required: true, files: { "README.md": "r\n" } } },
    };
    assert.equal((await install(makeBundle(both), project, refused)).status, 0);
    assert.ok(snapshot(project)[".agents/skills/x/SKILL.md"]);
    const r = await install(makeBundle(both), project, refused, "--components", "core");
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(agentsPart(project), {});
  });

  it("a target that is not installed: the install fails with a clear message and rolls back", async () => {
    const bundle = makeBundle({
      components: {
        c: {
          required: true,
          files: { "AGENTS.md": "a\n" },
          symlinks: [".agents/skills :: .claude/skills :: copy"],
        },
        d: { owned_dirs: [".claude/skills"], files: { ".claude/skills/s.md": "s\n" } },
      },
    });
    const project = testdir({ "README.md": "mine\n" });
    const before = snapshot(project);
    const r = await install(bundle, project, refused, "--components", "c");
    assert.equal(r.status, 2, r.stderr);
    assert.match(
      r.stderr,
      /\.agents\/skills: the system refused a symbolic link, and its target .* is not installed/,
    );
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
    assert.deepEqual(snapshot(project), before);
  });
});

describe("10: file fallbacks follow the same rules as folder copies", () => {
  const fileLink = (version: number): BundleSpec => ({
    version: `${version}.0.0`,
    components: {
      c: {
        files: { "bin/tool.sh": `#!/bin/sh\necho ${version}\n` },
        executables: ["bin/tool.sh"],
        symlinks: ["tool :: bin/tool.sh :: copy"],
      },
    },
  });

  it("a copy keeps the target's executable bit, stays while unchanged, and becomes the link once it must change", async () => {
    const project = testdir();
    assert.equal((await install(makeBundle(fileLink(1)), project, refused)).status, 0);
    assert.equal(snapshot(project).tool, "file x #!/bin/sh\necho 1\n");
    const entry = readRecordJson(project).entries.find((e) => e.path === "tool") as Record<string, unknown>;
    assert.deepEqual([entry.kind, entry.executable], ["copy", true]);
    assert.equal((await run(["status", "--project", project, "--check"])).status, 0);
    const before = stamps(project);
    assert.equal((await installJson(makeBundle(fileLink(1)), project)).json.written, false);
    assert.deepEqual(stamps(project), before, "an unchanged copy stays, even where links work now");
    writeFileSync(join(project, "tool"), "my edit\n");
    assert.equal((await install(makeBundle(fileLink(2)), project)).status, 1, "an edited copy is a conflict");
    writeFileSync(join(project, "tool"), "#!/bin/sh\necho 1\n");
    const r = await installJson(makeBundle(fileLink(2)), project);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.json.actions.find((a) => a.op === "link")?.placed, "symlink");
    assert.equal(snapshot(project).tool, "link bin/tool.sh");
  });
});

/** Why a FAT file system (which refuses links) cannot be mounted here, or undefined when it can be tried. */
function whyNoFat(): string | undefined {
  if (process.platform !== "linux") return "needs Linux";
  if (process.getuid?.() !== 0) return "needs root to mount a loop device";
  const kernel = existsSync("/proc/filesystems") ? readFileSync("/proc/filesystems", "utf8") : "";
  if (!/\bvfat\b/.test(kernel))
    return "the kernel has no vfat file system (no module to load in this container)";
  if (spawnSync("mkfs.vfat", ["--help"]).error) return "mkfs.vfat (dosfstools) is not installed";
  return undefined;
}

describe("10d: a real file system that refuses links (FAT on a loop device)", () => {
  const reason = whyNoFat();
  it("copies the folder without any test switch", { skip: reason ?? false }, async () => {
    const work = testdir();
    const image = join(work, "fat.img");
    const mount = join(work, "mnt");
    mkdirSync(mount);
    const sh = (cmd: string, args: string[]) => {
      const r = spawnSync(cmd, args, { encoding: "utf8" });
      assert.equal(r.status, 0, `${cmd} ${args.join(" ")}: ${r.stderr}`);
    };
    sh("truncate", ["-s", "16M", image]);
    sh("mkfs.vfat", [image]);
    sh("mount", ["-o", "loop", image, mount]);
    try {
      const project = join(mount, "project");
      mkdirSync(project);
      const r = await installJson(makeBundle(skills(1)), project);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.json.actions.find((a) => a.op === "link")?.placed, "copy-folder");
      assert.equal(readFileSync(join(project, ".agents/skills/x/SKILL.md"), "utf8"), "x v1\n");
      assert.equal((await run(["uninstall", "--project", project])).status, 0);
      assert.equal(existsSync(join(project, ".agents")), false);
    } finally {
      spawnSync("umount", [mount]);
    }
  });
});
