import { rmSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";
import { copyOf, type Snapshot, snapshot, stamps, withoutAgentc } from "./install-fixture.js";
import { runAgentc } from "./run-cli.js";
import { testdir } from "./testdir.js";

/** The hand-written projects of test/fixtures/import/, one per assistant with a native format, and a mixed one. */
export const importProjects = join(packageRoot, "test", "fixtures", "import");

export interface ImportJson {
  diagnostics: {
    id: string;
    severity: string;
    file: string;
    line: number;
    column: number;
    message: string;
    hint: string;
    related?: { file: string; line: number; column: number; message: string }[];
  }[];
  ok: boolean;
  out: string;
  assistants: string[];
  files: string[];
  read: string[];
  /** Of read, the files the install writes again as its own. */
  rewritten: string[];
  error?: string;
}

export interface ImportRun {
  status: number;
  stderr: string;
  json: ImportJson;
  out: string;
  /** The project's tree before and after, with inode and change times: equal when import wrote nothing. */
  before: { tree: Snapshot; stamps: Record<string, string> };
  after: { tree: Snapshot; stamps: Record<string, string> };
}

/** `agentc import <project> --out <new folder> --format json` through the real CLI. */
export async function runImport(project: string, ...flags: string[]): Promise<ImportRun> {
  const out = join(testdir({}, "agentc-import-out-"), "registry");
  const before = { tree: snapshot(project), stamps: stamps(project) };
  const result = await runAgentc(["import", project, "--out", out, "--format", "json", ...flags]);
  const after = { tree: snapshot(project), stamps: stamps(project) };
  return {
    status: result.status,
    stderr: result.stderr,
    json: JSON.parse(result.stdout || "{}"),
    out,
    before,
    after,
  };
}

export interface RoundTrip {
  /** Files and links the install writes differently from the project (or only one of them has). */
  different: string[];
  /** Of those, the ones import did not report (AGC129): must be none. */
  unreported: string[];
  /** Files import reported as different that came out the same: must be none. */
  wrongly: string[];
  build: { status: number; stdout: string };
  install: { status: number; stdout: string; stderr: string };
}

/**
 * import → build → install into a copy of the project without the files import read, then the copy against
 * the project: every difference must be one the import reported, and every report a real difference.
 */
export async function roundTrip(project: string, run: ImportRun): Promise<RoundTrip> {
  const built = join(testdir({}, "agentc-import-build-"), "build");
  const build = await runAgentc(["build", run.out, "--out", built, "--quiet"]);
  const copy = copyOf(project);
  // A fresh install: without the native files, and without a record of an earlier agentc install.
  for (const path of [...run.json.read, ".agentc"])
    rmSync(join(copy, path), { force: true, recursive: true });
  const install = await runAgentc(["install", built, "--project", copy, "--yes"]);
  const original = filesOnly(snapshot(project, withoutAgentc));
  const installed = filesOnly(snapshot(copy, withoutAgentc));
  const paths = [...new Set([...Object.keys(original), ...Object.keys(installed)])].sort();
  const different = paths.filter((path) => original[path] !== installed[path]);
  const reported = new Set(run.json.diagnostics.filter((d) => d.id === "AGC129").flatMap(reportedFiles));
  return {
    different,
    unreported: different.filter((path) => !reported.has(path)),
    wrongly: [...reported].filter((path) => !different.includes(path)),
    build: { status: build.status, stdout: build.stdout },
    install: { status: install.status, stdout: install.stdout, stderr: install.stderr },
  };
}

/** The file of a finding and the other files it is about (the files the build also writes, one finding per folder). */
function reportedFiles(d: ImportJson["diagnostics"][number]): string[] {
  return [d.file, ...(d.related ?? []).map((r) => r.file)];
}

function filesOnly(tree: Snapshot): Snapshot {
  return Object.fromEntries(Object.entries(tree).filter(([, entry]) => entry !== "dir"));
}

/** The diagnostics of one check, as "file:line id message" lines for readable assertion failures. */
export function findings(run: ImportRun, id: string): string[] {
  return run.json.diagnostics
    .filter((d) => d.id === id)
    .map((d) => `${d.file}:${d.line} ${d.severity} ${d.message}`);
}
