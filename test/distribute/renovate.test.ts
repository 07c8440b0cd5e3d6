import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { notLinux } from "../support/install-sh.js";
import { startRegistry } from "../support/oci-registry.js";
import { runAgentc } from "../support/run-cli.js";
import { startServe } from "../support/serve-process.js";
import { testdir } from "../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../support/zip-fixtures.js";

const presetPath = join(packageRoot, "renovate", "agentc.json");

const release = (version: string): BuildFixture => ({
  files: { "AGENTS.md": `# rules of ${version}\n`, [`docs/${version}.md`]: `notes of ${version}\n` },
  version,
});

/** The renovate CLI of the devDependency, run with this Node. */
function renovateBin(): string {
  const manifest = createRequire(import.meta.url).resolve("renovate/package.json");
  return join(dirname(manifest), "dist", "renovate.js");
}

interface ReportDep {
  depName: string;
  packageName: string;
  currentValue: string;
  datasource: string;
  replaceString: string;
  updates: { newVersion: string; newValue: string; updateType: string; branchName: string }[];
}

/**
 * Renovate on the local platform (no code host: it extracts, looks up and reports), its report read back.
 * `configFile`: the bot's configuration; without it, Renovate reads only the repository's renovate.json.
 */
async function renovateReport(
  repo: string,
  configFile?: string,
): Promise<{ deps: ReportDep[]; packageFile: string }> {
  const work = testdir();
  const report = join(work, "report.json");
  const child = spawn(
    process.execPath,
    [
      renovateBin(),
      "--platform=local",
      "--onboarding=false",
      "--require-config=optional",
      "--report-type=file",
      `--report-path=${report}`,
    ],
    {
      cwd: repo,
      env: {
        PATH: process.env.PATH,
        HOME: work,
        RENOVATE_BASE_DIR: join(work, "renovate"),
        ...(configFile ? { RENOVATE_CONFIG_FILE: configFile } : {}),
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  assert.equal(code, 0, `renovate failed:\n${log}`);
  const json = JSON.parse(readFileSync(report, "utf8"));
  const [file] = json.repositories.local.packageFiles.regex;
  return { deps: file.deps, packageFile: file.packageFile };
}

/** A project in a local git repository, installed from `source` into services/app. */
async function repositoryWith(source: string, extraFiles: Record<string, string> = {}) {
  const repo = testdir(extraFiles);
  const app = join(repo, "services", "app");
  mkdirSync(app, { recursive: true });
  const install = await runAgentc(["install", source, "--project", app, "--yes"]);
  assert.equal(install.status, 0, install.stderr);
  git(repo, "init", "-q");
  git(repo, "add", "-A");
  git(repo, "commit", "-qm", "agent configuration 1.0.0");
  return { repo, app };
}

/** Renovate's one proposal for the project: agent-configuration, from 1.0.0 to 1.1.0. */
async function proposal(
  repo: string,
  datasource: string,
  packageName: string,
  configFile?: string,
): Promise<ReportDep> {
  const { deps, packageFile } = await renovateReport(repo, configFile);
  assert.equal(packageFile, "services/app/.agentc/installed.json");
  assert.equal(deps.length, 1);
  const [dep] = deps as [ReportDep];
  assert.equal(dep.depName, "agent-configuration");
  assert.equal(dep.packageName, packageName);
  assert.equal(dep.datasource, datasource);
  assert.equal(dep.currentValue, "1.0.0");
  assert.deepEqual(
    dep.updates.map((u) => [u.newVersion, u.newValue, u.updateType]),
    [["1.1.0", "1.1.0", "minor"]],
    "Renovate proposes the newer version",
  );
  return dep;
}

/**
 * What Renovate's branch does with the proposal: the manager's replacement in the record, then the preset's
 * post-upgrade command (templated as Renovate templates it); the project must then be at 1.1.0 with no drift.
 */
async function applyAsRenovate(repo: string, app: string, dep: ReportDep): Promise<void> {
  const record = join(app, ".agentc", "installed.json");
  const text = readFileSync(record, "utf8");
  assert.ok(text.includes(dep.replaceString));
  writeFileSync(
    record,
    text.replace(dep.replaceString, dep.replaceString.replace(dep.currentValue, "1.1.0")),
  );
  const preset = JSON.parse(readFileSync(presetPath, "utf8"));
  const [command] = preset.packageRules[0].postUpgradeTasks.commands as string[];
  const templated = (command as string)
    .replace("{{{packageFileDir}}}", join(repo, "services", "app", ".agentc"))
    .replace("{{{newVersion}}}", "1.1.0");
  assert.match(templated, /^npx --no-install agentc update /);
  const update = await runAgentc(templated.replace(/^npx --no-install agentc /, "").split(" "));
  assert.equal(update.status, 0, update.stderr);
  assert.equal(JSON.parse(readFileSync(record, "utf8")).registry_version, "1.1.0");
  assert.equal(readFileSync(join(app, "AGENTS.md"), "utf8"), "# rules of 1.1.0\n");
  assert.equal(readFileSync(join(app, "docs", "1.1.0.md"), "utf8"), "notes of 1.1.0\n");
  const status = await runAgentc(["status", "--project", app, "--check"]);
  assert.equal(status.status, 0, status.stdout + status.stderr);
}

function git(repo: string, ...args: string[]): void {
  const run = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd: repo,
  });
  assert.equal(run.status, 0, run.stderr.toString());
}

describe("the Renovate preset (renovate/agentc.json), with a real Renovate", () => {
  it("proposes the newer version a real agentc serve gained, with the preset that server serves; its post-upgrade command installs it", async (t) => {
    const releases = testdir();
    cpSync(makeBuildDir(release("1.0.0")), join(releases, "1.0.0"), { recursive: true });
    const server = await startServe([releases]);
    t.after(() => server.stop());
    const served = await fetch(new URL("renovate/agentc.json", server.url));
    assert.equal(served.headers.get("content-type"), "application/json; charset=utf-8");
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), readFileSync(presetPath));
    const extendsServed = { extends: [`${server.url}renovate/agentc.json`] };
    const { repo, app } = await repositoryWith(server.url, {
      "renovate.json": `${JSON.stringify(extendsServed)}\n`,
    });
    const staged = join(releases, ".1.1.0");
    cpSync(makeBuildDir(release("1.1.0")), staged, { recursive: true });
    renameSync(staged, join(releases, "1.1.0"));
    const dep = await proposal(repo, "custom.agentc-serve", server.url);
    await applyAsRenovate(repo, app, dep);
  });

  it("proposes the newer version tag of Debian's OCI registry for a project installed from a tag", {
    skip: notLinux,
  }, async () => {
    const registry = await startRegistry();
    const repository = `${registry.host}/acme/agent-config`;
    const publish = async (version: string): Promise<void> => {
      const pushed = await runAgentc([
        "publish",
        makeBuildDir(release(version)),
        `oci://${repository}:${version}`,
      ]);
      assert.equal(pushed.status, 0, pushed.stderr);
    };
    await publish("1.0.0");
    // the loopback registry speaks plain http; Renovate assumes https for a registry named in a reference
    const plainHttp = {
      packageRules: [{ matchDatasources: ["docker"], registryUrls: [`http://${registry.host}`] }],
    };
    const { repo, app } = await repositoryWith(`oci://${repository}:1.0.0`, {
      "renovate.json": `${JSON.stringify(plainHttp)}\n`,
    });
    await publish("1.1.0");
    const dep = await proposal(repo, "docker", repository, presetPath);
    await applyAsRenovate(repo, app, dep);
    assert.match(
      readFileSync(join(app, ".agentc", "installed.json"), "utf8"),
      new RegExp(`"url": "oci://${repository.replace(/\./g, "\\.")}:1\\.1\\.0"`),
    );
  });
});
