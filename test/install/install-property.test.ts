import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import { runInstall } from "../../src/install/install-run.js";
import { projectStatus } from "../../src/install/status.js";
import { runUninstall } from "../../src/install/uninstall-run.js";
import { type BundleSpec, makeBundle } from "../support/install-fixture.js";
import { testdir } from "../support/testdir.js";

/** Three versions of one registry: contents change, a file is dropped, a seed moves on, a component appears. */
const versions: BundleSpec[] = [1, 2, 3].map((v) => ({
  version: `${v}.0.0`,
  components: {
    core: {
      required: true,
      files: {
        "AGENTS.md": `# rules v${v}\n`,
        ...(v < 3 ? { "bin/tool.sh": `#!/bin/sh\necho ${v}\n` } : {}),
      },
      executables: v < 3 ? ["bin/tool.sh"] : [],
      seeds: { "docs/notes.md": `seed v${Math.min(v, 2)}\n` },
    },
    claude: {
      owned_dirs: [".claude/rules"],
      files: { ".claude/rules/a.md": `a v${v}\n`, ...(v === 2 ? { ".claude/rules/b.md": "b\n" } : {}) },
      symlinks: ["CLAUDE.md :: AGENTS.md :: import:@AGENTS.md"],
      preserve: ["*.local.md"],
    },
  },
  seedHistory: { "docs/notes.md": ["seed v1\n"] },
}));

const candidates = [
  "AGENTS.md",
  "docs/notes.md",
  ".claude/rules/a.md",
  ".claude/rules/b.md",
  "bin/tool.sh",
  "README.md",
  ".claude/rules/mine.md",
  ".claude/rules/x.local.md",
];

type Step =
  | { t: "install"; v: number; moveAside: boolean }
  | { t: "edit"; path: number }
  | { t: "delete"; path: number }
  | { t: "chmod"; path: number }
  | { t: "crash"; v: number; at: number }
  | { t: "uninstall" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    t: fc.constant("install" as const),
    v: fc.integer({ min: 0, max: 2 }),
    moveAside: fc.boolean(),
  }),
  fc.record({ t: fc.constant("edit" as const), path: fc.integer({ min: 0, max: candidates.length - 1 }) }),
  fc.record({ t: fc.constant("delete" as const), path: fc.integer({ min: 0, max: candidates.length - 1 }) }),
  fc.record({ t: fc.constant("chmod" as const), path: fc.integer({ min: 0, max: candidates.length - 1 }) }),
  fc.record({
    t: fc.constant("crash" as const),
    v: fc.integer({ min: 0, max: 2 }),
    at: fc.integer({ min: 1, max: 45 }),
  }),
  fc.constant({ t: "uninstall" as const }),
);

const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid;

/** Every regular file's text in the project: where the user's bytes must still be found. */
function allTexts(dir: string, rel = ""): string[] {
  return allFiles(dir, rel).map((f) => f.slice(2));
}

/** Every regular file as "<x|-> <text>": where a mode the user set must still be found (case 24). */
function allFiles(dir: string, rel = ""): string[] {
  return readdirSync(join(dir, rel)).flatMap((name) => {
    const path = rel ? `${rel}/${name}` : name;
    const stat = lstatSync(join(dir, path));
    if (stat.isDirectory()) return allFiles(dir, path);
    const mode = (stat.mode & 0o100) !== 0 ? "x" : "-";
    return stat.isFile() ? [`${mode} ${readFileSync(join(dir, path), "utf8")}`] : [];
  });
}

const modeOf = (abs: string): string => ((lstatSync(abs).mode & 0o100) !== 0 ? "x" : "-");

async function quiet<T>(env: Record<string, string>, body: () => Promise<T>): Promise<T> {
  Object.assign(process.env, env);
  try {
    return await body();
  } finally {
    for (const key of Object.keys(env)) delete process.env[key];
  }
}

describe("23: property-based sequences against a model", () => {
  it("user bytes are never lost, owned files match the manifest, runs after a crash converge", async () => {
    const bundles = versions.map(makeBundle);
    let counter = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const project = testdir({ "README.md": "user readme 0\n" });
        const userTexts = new Map<string, string>([["README.md", "user readme 0\n"]]);
        /** files whose mode the user changed: "<x|-> <text>" must still be somewhere */
        const userModes = new Map<string, string>();
        const install = (v: number, moveAside: boolean) =>
          runInstall({
            bundleDir: bundles[v] as string,
            projectDir: project,
            choice: { kind: "all" },
            moveAside,
            // the sequences go back to earlier versions as well as forward
            allowDowngrade: true,
            dryRun: false,
          });
        for (const s of steps) {
          if (s.t === "edit" || s.t === "delete" || s.t === "chmod") {
            const path = candidates[s.path] as string;
            const abs = join(project, path);
            const isLinkOrDir = existsSync(abs) && !lstatSync(abs).isFile();
            if (isLinkOrDir || lstatSafe(join(project, dirname(path))) === "link") continue;
            userModes.delete(path);
            if (s.t === "chmod") {
              if (!existsSync(abs)) continue;
              chmodSync(abs, modeOf(abs) === "x" ? 0o644 : 0o755);
              userModes.set(path, `${modeOf(abs)} ${readFileSync(abs, "utf8")}`);
            } else if (s.t === "delete") {
              rmSync(abs, { force: true });
              userTexts.delete(path);
            } else {
              const text = `user text ${++counter}\n`;
              mkdirSync(dirname(abs), { recursive: true });
              writeFileSync(abs, text);
              userTexts.set(path, text);
            }
          } else if (s.t === "crash") {
            await quiet({ AGENTC_CRASH_AT: String(s.at), AGENTC_CRASH_MODE: "abandon" }, () =>
              install(s.v, true),
            );
            const lock = join(project, ".agentc/lock");
            if (existsSync(lock)) writeFileSync(lock, `${JSON.stringify({ pid: deadPid })}\n`);
          } else {
            const r =
              s.t === "install"
                ? await install(s.v, s.moveAside)
                : await runUninstall({ projectDir: project, dryRun: false });
            assert.ok(["ok", "conflicts"].includes(r.status), `${s.t}: ${r.status} ${r.problems.join("; ")}`);
            assert.equal(existsSync(join(project, ".agentc/journal.json")), false);
            if (s.t === "install" && r.status === "ok")
              assertInstalled(project, versions[s.v] as BundleSpec, userModes, userTexts);
          }
          const texts = new Set(allTexts(project));
          for (const [path, text] of userTexts)
            assert.ok(
              texts.has(text),
              `the user's ${path} (${JSON.stringify(text)}) was lost after ${JSON.stringify(s)}`,
            );
          const files = new Set(allFiles(project));
          for (const [path, file] of userModes)
            assert.ok(files.has(file), `the mode the user gave ${path} was lost after ${JSON.stringify(s)}`);
        }
        const final = await install(2, true);
        assert.equal(final.status, "ok", final.problems.join("; "));
        assertInstalled(project, versions[2] as BundleSpec, userModes, userTexts);
      }),
      {
        numRuns: Number(process.env.AGENTC_PROPERTY_RUNS ?? 40),
        seed: Number(process.env.AGENTC_PROPERTY_SEED ?? 23),
      },
    );
  });
});

/**
 * Owned files equal the bundle's, except those the person edited after agentc installed them: theirs stay
 * (dpkg's conffile rule), with the bundle's version parked beside them whenever it differs from what agentc
 * shipped before. The install record describes the disk: no drift but those kept edits, their parked new
 * versions, and the modes the user changed on files that still hold agentc's bytes.
 */
function assertInstalled(
  project: string,
  spec: BundleSpec,
  userModes: Map<string, string>,
  userTexts: Map<string, string>,
): void {
  const kept = new Set<string>();
  for (const c of Object.values(spec.components))
    for (const [path, text] of Object.entries(c.files ?? {})) {
      const onDisk = readFileSync(join(project, path), "utf8");
      if (onDisk !== text && onDisk === userTexts.get(path)) kept.add(path);
      else assert.equal(onDisk, text, path);
    }
  const status = projectStatus(project);
  assert.ok(status.ok && status.installed, "installed");
  if (status.ok && status.installed)
    assert.deepEqual(
      status.drift.filter(
        (d) =>
          !(userModes.has(d.path) && d.detail === "executable bit changed") &&
          !(kept.has(d.path) && d.kind === "modified") &&
          !(d.kind === "parked" && kept.has(d.path.replace(/\.agentc-new$/, ""))),
      ),
      [],
    );
}

function lstatSafe(abs: string): "link" | "other" {
  try {
    return lstatSync(abs).isSymbolicLink() ? "link" : "other";
  } catch {
    return "other";
  }
}
