import { spawnSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pairLine } from "../manifest/manifest-lines.js";
import type { Manifest } from "../manifest/manifest-model.js";
import { AgentcError } from "../shared/agentc-error.js";
import { pathProblem } from "../shared/path-check.js";

/** A file an install command left in a payload folder, at its project path. */
export interface PayloadFile {
  bytes: Buffer;
  executable: boolean;
}

/** How long one install command may run, and how much of its output is kept and shown. */
export const payloadCommandTimeoutMs = 10 * 60 * 1000;
const maxOutputBytes = 16 * 1024 * 1024;
const shownOutputChars = 4000;

/** Each tool with payload folders: its name, first install command and folders, in manifest order. */
export function payloadTools(manifest: {
  install: Pick<Manifest["install"], "tools" | "tool_payloads">;
}): { name: string; command: string; folders: string[] }[] {
  const pairs = (lines: readonly string[]) => lines.map((line) => pairLine(line) ?? ([line, ""] as const));
  const commands = new Map(pairs(manifest.install.tools));
  const byTool = new Map<string, string[]>();
  for (const [name, folder] of pairs(manifest.install.tool_payloads ?? []))
    byTool.set(name, [...(byTool.get(name) ?? []), folder]);
  return [...byTool].map(([name, folders]) => ({ name, command: commands.get(name) ?? "", folders }));
}

/**
 * Seed 000's image build: runs each tool's first install command once, with `sh -c`, in an empty
 * scratch project, and returns the files it left in the tool's payload folders. The scratch folder is
 * removed whatever happens; a command that fails, or leaves a folder out, fails the whole pack.
 */
export function capturePayloads(
  manifest: Manifest,
  timeoutMs = payloadCommandTimeoutMs,
): Map<string, PayloadFile> {
  const files = new Map<string, PayloadFile>();
  for (const tool of payloadTools(manifest)) {
    const scratch = mkdtempSync(join(tmpdir(), "agentc-payload-"));
    try {
      runInstallCommand(tool.name, tool.command, scratch, timeoutMs);
      for (const folder of tool.folders) collectFolder(tool.name, scratch, folder, files);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return files;
}

function runInstallCommand(tool: string, command: string, cwd: string, timeoutMs: number): void {
  if (command === "")
    throw new AgentcError(
      "pack",
      `tool ${tool} has payload folders but no install command`,
      "give it one in targets.json tools[].install",
    );
  const run = spawnSync("sh", ["-c", command], {
    cwd,
    env: { ...process.env, AGENTC_PAYLOAD_BUILD: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: timeoutMs,
    maxBuffer: maxOutputBytes,
  });
  const output = `${run.stdout?.toString("utf8") ?? ""}${run.stderr?.toString("utf8") ?? ""}`.trimEnd();
  const tail = output.length > shownOutputChars ? `…${output.slice(-shownOutputChars)}` : output;
  const shown = tail === "" ? " (no output)" : `; its output:\n${tail}`;
  const failed = (why: string) =>
    new AgentcError(
      "pack",
      `the install command of tool ${tool} (${command}) ${why}; nothing was packed${shown}`,
      "fix the command in targets.json tools[].install (the first one runs, with sh -c, in an empty folder), then pack again",
    );
  const error = run.error as NodeJS.ErrnoException | undefined;
  if (error?.code === "ETIMEDOUT")
    throw failed(`ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
  if (error?.code === "ENOBUFS") throw failed(`wrote more than ${maxOutputBytes / 2 ** 20} MiB of output`);
  if (error) throw failed(`could not start (${error.message})`);
  if (run.signal) throw failed(`was killed by ${run.signal}`);
  if (run.status !== 0) throw failed(`exited with code ${run.status}`);
}

function collectFolder(tool: string, scratch: string, folder: string, files: Map<string, PayloadFile>): void {
  const stat = lstatSync(join(scratch, folder), { throwIfNoEntry: false });
  if (!stat?.isDirectory())
    throw new AgentcError(
      "pack",
      `the install command of tool ${tool} ${stat ? "made a file, not a folder, at" : "did not create"} its payload folder ${folder}; nothing was packed`,
      "list in payload only the project folders the first install command creates",
    );
  const visit = (rel: string): void => {
    for (const name of readdirSync(join(scratch, rel)).sort()) {
      const path = `${rel}/${name}`;
      const problem = pathProblem(path);
      if (problem)
        throw new AgentcError(
          "pack",
          `payload file ${path} of tool ${tool} ${problem}`,
          "rename it in the tool's output",
        );
      const entry = lstatSync(join(scratch, path));
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile())
        files.set(path, { bytes: readFileSync(join(scratch, path)), executable: (entry.mode & 0o111) !== 0 });
      else
        throw new AgentcError(
          "pack",
          `payload ${path} of tool ${tool} is a symbolic link or special file; bundles hold regular files only`,
          "make the install command write plain files into its payload folders",
        );
    }
  };
  visit(folder);
}
