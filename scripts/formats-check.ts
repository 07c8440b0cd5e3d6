import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtinClientPacks } from "../src/clients/load-client-packs.js";
import type { VerifiedAgainst } from "../src/clients/model.js";
import { packageRoot } from "../src/shared/package-paths.js";

/**
 * npm run formats:check — the drift watch. For each built-in client pack checked against an npm package,
 * it reports the newest version on npm beside the version the pack was verified with and the one pinned in
 * devDependencies; for each client whose newest release is not the pinned one, it installs that release
 * into a scratch folder and runs the client's conformance tests against it (AGENTC_CLI_BIN), so a format
 * change shows up as a failing test. `--all` runs them for every client, `--client <id>` for one client
 * only, `--offline` only reports the pins.
 * Exit 0: no drift, or the newest releases pass; 1: a test failed on a newest release; 2: npm unreachable.
 */
interface Row {
  client: string;
  verified: VerifiedAgainst;
  pinned?: string;
  newest?: string;
  tests?: "passed" | "FAILED" | "none" | "skipped";
}

const argv = process.argv.slice(2);
const args = new Set(argv);
const only = argv.includes("--client") ? argv[argv.indexOf("--client") + 1] : undefined;
const scratch = join(packageRoot, ".formats-check");
const devDependencies = (
  JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  }
).devDependencies;

function npm(argv: string[], cwd = packageRoot) {
  return spawnSync("npm", argv, { cwd, encoding: "utf8", timeout: 600_000 });
}

function newestOnNpm(name: string): string | undefined {
  const run = npm(["view", name, "version"]);
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** The conformance test files of a CLI, by its bin name: dist/test/conformance/conformance-<bin>*.test.js. */
function testFiles(bins: string[]): string[] {
  const dir = join(packageRoot, "dist", "test", "conformance");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".test.js") && bins.some((bin) => name.startsWith(`conformance-${bin}`)))
    .map((name) => join(dir, name));
}

/** The bin names a package installs (its package.json "bin"), from the copy in folder/node_modules. */
function binsOf(folder: string, name: string): string[] {
  const file = join(folder, "node_modules", name, "package.json");
  if (!existsSync(file)) return [];
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { bin?: string | Record<string, string> };
  if (typeof manifest.bin === "string") return [name.split("/").at(-1) ?? name];
  return Object.keys(manifest.bin ?? {});
}

/** Installs a release into .formats-check/<package>/ and runs the CLI's conformance tests against it. */
function testRelease(name: string, version: string): Row["tests"] {
  if (testFiles(binsOf(packageRoot, name)).length === 0) return "none";
  const folder = join(scratch, name.replace("/", "+"), version);
  mkdirSync(folder, { recursive: true });
  if (!existsSync(join(folder, "node_modules", name))) {
    const installed = npm([
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--prefix",
      folder,
      `${name}@${version}`,
    ]);
    if (installed.status !== 0) {
      process.stderr.write(`could not install ${name}@${version}:\n${installed.stderr}\n`);
      return "FAILED";
    }
  }
  const files = testFiles(binsOf(folder, name));
  if (files.length === 0) return "none";
  const bin = join(folder, "node_modules", ".bin");
  const run = spawnSync(process.execPath, ["--test", "--test-reporter=spec", ...files], {
    cwd: packageRoot,
    env: { ...process.env, AGENTC_CLI_BIN: bin, CI: "1" },
    stdio: "inherit",
    timeout: 1_800_000,
  });
  return run.status === 0 ? "passed" : "FAILED";
}

function report(rows: Row[]): void {
  const head = ["client", "package", "verified", "pinned", "newest", "tests on newest"];
  const lines = rows.map((r) => [
    r.client,
    r.verified.package ?? "–",
    `${r.verified.version ?? "docs"} (${r.verified.how}, ${r.verified.date})`,
    r.pinned ?? "not pinned",
    r.newest ?? "?",
    r.tests ?? "–",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  for (const line of [head, ...lines])
    process.stdout.write(`${line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ")}\n`);
}

function main(): number {
  const rows: Row[] = [];
  let unreachable = false;
  for (const { pack } of builtinClientPacks()) {
    const verified = pack.verified;
    if (!verified?.package || (only !== undefined && pack.client !== only)) continue;
    const row: Row = { client: pack.client, verified, pinned: devDependencies[verified.package] };
    if (!args.has("--offline")) {
      row.newest = newestOnNpm(verified.package);
      unreachable ||= row.newest === undefined;
      const drifted = row.newest !== undefined && row.newest !== row.pinned;
      row.tests = drifted || args.has("--all") ? testRelease(verified.package, row.newest ?? "") : "skipped";
    }
    rows.push(row);
  }
  report(rows);
  if (unreachable) {
    process.stderr.write("formats:check: npm view failed for some package; is the registry reachable?\n");
    return 2;
  }
  return rows.some((r) => r.tests === "FAILED") ? 1 : 0;
}

process.exitCode = main();
