import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentcError } from "../shared/agentc-error.js";
import { isLoopbackHost } from "../shared/remote-url.js";
import type { SourceFiles } from "./model.js";

/** The transports git may use for a dependency: never ext:: (runs commands) nor anything else unnamed. */
const allowedProtocols = "https:http:git:ssh:file";
const fullCommit = /^[0-9a-f]{40}$/;
const timeoutMs = 120_000;
const maxFiles = 10_000;
const maxBytes = 64 * 1024 * 1024;

/** Why git must not be given this URL: http only to loopback, no option-like or ext:: addresses. */
export function gitUrlProblem(raw: string): string | undefined {
  if (raw.startsWith("-")) return "starts with '-'";
  if (/^[a-z][a-z0-9+.-]*::/i.test(raw)) return "names a git remote helper (such as ext::), which is refused";
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1]?.toLowerCase();
  if (scheme === undefined) return /^[^/:]+@[^/:]+:/.test(raw) ? undefined : "is not a git URL";
  if (!["https", "http", "git", "ssh", "file"].includes(scheme))
    return `uses ${scheme}://; use https://, ssh://, git:// or file://`;
  if (scheme === "http" && !isLoopbackHost(new URL(raw).hostname))
    return "uses plain http, which is accepted for loopback addresses only; use https://";
  return undefined;
}

/** The commit a ref names now at the URL: a full commit is taken as it is, anything else asked with ls-remote. */
export async function resolveGitRef(url: string, ref: string | undefined): Promise<string> {
  if (ref !== undefined && fullCommit.test(ref)) return ref;
  const wanted = ref ?? "HEAD";
  const listing = await git(["ls-remote", "--end-of-options", url, wanted], undefined, url);
  const lines = listing.toString("utf8").split("\n").filter(Boolean);
  const exact = [`refs/tags/${wanted}^{}`, `refs/tags/${wanted}`, `refs/heads/${wanted}`, wanted];
  for (const name of exact) {
    const line = lines.find((l) => l.split("\t")[1] === name);
    if (line) return line.split("\t")[0] ?? "";
  }
  throw new AgentcError(
    "dependency",
    `the ref "${wanted}" is not in ${url}`,
    "Give a branch, a tag or a full 40-character commit that the repository has ('git ls-remote URL' lists them).",
  );
}

/** The files below `path` at `commit` (posix paths relative to `path`); links and submodules are left out. */
export async function gitFiles(url: string, commit: string, path: string): Promise<SourceFiles> {
  const repo = mkdtempSync(join(tmpdir(), "agentc-git-"));
  try {
    await git(["init", "--bare", "-q", repo], undefined, url);
    await fetchCommit(repo, url, commit);
    return await readTree(repo, commit, path.replace(/^\/+|\/+$/g, ""));
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

async function fetchCommit(repo: string, url: string, commit: string): Promise<void> {
  try {
    await git(["-C", repo, "fetch", "-q", "--depth", "1", "--end-of-options", url, commit], undefined, url);
    return;
  } catch {
    // Servers that refuse a commit by id: fetch every branch and tag, then look for it.
  }
  await git(
    [
      "-C",
      repo,
      "fetch",
      "-q",
      "--end-of-options",
      url,
      "+refs/heads/*:refs/heads/*",
      "+refs/tags/*:refs/tags/*",
    ],
    undefined,
    url,
  );
  try {
    await git(["-C", repo, "cat-file", "-e", `${commit}^{commit}`], undefined, url);
  } catch {
    throw new AgentcError(
      "dependency",
      `the commit ${commit} is not in ${url} (rewritten or deleted upstream?)`,
      "Pin a commit the repository still has, then run 'agentc update <dependency>'.",
    );
  }
}

async function readTree(repo: string, commit: string, path: string): Promise<SourceFiles> {
  const spec = path === "" ? [] : ["--", path];
  const listing = await git(
    ["-C", repo, "ls-tree", "-r", "-z", "--full-tree", commit, ...spec],
    undefined,
    repo,
  );
  const blobs: { path: string; oid: string }[] = [];
  const executables = new Set<string>();
  for (const entry of listing.toString("utf8").split("\0").filter(Boolean)) {
    const [meta = "", name = ""] = entry.split("\t");
    const [mode, type, oid = ""] = meta.split(" ");
    if (type !== "blob" || mode === "120000") continue;
    const relative = path === "" ? name : name.slice(path.length + 1);
    if (relative === "" || relative.startsWith("../")) continue;
    blobs.push({ path: relative, oid });
    if (mode === "100755") executables.add(relative);
  }
  if (blobs.length === 0)
    throw new AgentcError(
      "dependency",
      `the commit ${commit.slice(0, 12)} has no files under "${path || "/"}"`,
      "Fix 'path' in sources.json: the folder inside the repository that holds what is used.",
    );
  if (blobs.length > maxFiles)
    throw new AgentcError(
      "dependency",
      `more than ${maxFiles} files under "${path}"`,
      "Point 'path' at a smaller folder.",
    );
  const contents = await git(
    ["-C", repo, "cat-file", "--batch"],
    blobs.map((b) => `${b.oid}\n`).join(""),
    repo,
  );
  return { files: splitBatch(contents, blobs), executables };
}

/** `git cat-file --batch` output: per object "<oid> blob <size>\n<bytes>\n". */
function splitBatch(
  output: Buffer,
  blobs: readonly { path: string; oid: string }[],
): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let at = 0;
  for (const blob of blobs) {
    const newline = output.indexOf(10, at);
    const size = Number(output.subarray(at, newline).toString("utf8").split(" ")[2]);
    files.set(blob.path, output.subarray(newline + 1, newline + 1 + size));
    at = newline + 1 + size + 1;
  }
  return files;
}

function git(args: string[], input: string | undefined, about: string): Promise<Buffer> {
  // Loaded on first use (as cli/terminal.ts loads tty): node:child_process costs every build's start a
  // few milliseconds, and few registries have a git dependency.
  const { execFile, spawn } = createRequire(import.meta.url)(
    "node:child_process",
  ) as typeof import("node:child_process");
  const env = {
    ...process.env,
    GIT_TERMINAL_PROMPT: "0",
    GIT_ALLOW_PROTOCOL: allowedProtocols,
    GIT_CONFIG_NOSYSTEM: "1",
    LC_ALL: "C",
  };
  if (input === undefined)
    return new Promise((resolve, reject) => {
      execFile(
        "git",
        args,
        { env, encoding: "buffer", timeout: timeoutMs, maxBuffer: maxBytes },
        (error, stdout, stderr) => (error ? reject(gitError(error, stderr, about)) : resolve(stdout)),
      );
    });
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { env, stdio: ["pipe", "pipe", "pipe"], timeout: timeoutMs });
    const out: Buffer[] = [];
    let size = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) child.kill();
      else out.push(chunk);
    });
    const err: Buffer[] = [];
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error) => reject(gitError(error, Buffer.concat(err), about)));
    child.on("close", (code) =>
      code === 0 && size <= maxBytes
        ? resolve(Buffer.concat(out))
        : reject(gitError(new Error(`exit ${code}`), Buffer.concat(err), about)),
    );
    child.stdin.end(input);
  });
}

function gitError(error: Error & { code?: unknown }, stderr: Buffer, about: string): AgentcError {
  if (error.code === "ENOENT")
    return new AgentcError(
      "dependency",
      "git is not installed",
      "Install git: git dependencies are fetched with it.",
    );
  const said = stderr
    .toString("utf8")
    .split("\n")
    .map((line) => line.replace(/^(fatal|error): /, "").trim())
    .filter(Boolean)
    .slice(0, 2)
    .join("; ");
  return new AgentcError(
    "dependency",
    `git could not read ${about}: ${said || error.message}`,
    "Check the URL and the network; with a cached copy, build without --frozen or with --offline.",
    { unreachable: true },
  );
}
