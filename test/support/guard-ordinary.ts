import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";

/**
 * test/fixtures/guard-ordinary.json (issue 27): ordinary developer commands and tool calls, in every
 * client's payload shape, and the project they run in. Shared by the test that asserts each decision
 * and by the benchmark that reports how many are asked or blocked.
 */
export interface OrdinaryCase {
  client: string;
  payload: Record<string, unknown>;
  /** The decision when it is not allow, and why (at most 1 % of the cases). */
  expect?: "ask" | "block";
  why?: string;
}

export interface OrdinaryCorpus {
  project: Record<string, string>;
  cases: OrdinaryCase[];
}

export function ordinaryCorpus(): OrdinaryCorpus {
  const file = join(packageRoot, "test", "fixtures", "guard-ordinary.json");
  return JSON.parse(readFileSync(file, "utf8")) as OrdinaryCorpus;
}

/**
 * The corpus' project in a fresh folder, made a git repository with one commit (git init, add,
 * commit; .gitignore keeps .env untracked), as a person's project is. The caller removes it.
 */
export function ordinaryProject(
  corpus: OrdinaryCorpus,
  root = mkdtempSync(join(tmpdir(), "agentc-ordinary-")),
): string {
  for (const [path, text] of Object.entries(corpus.project)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=agentc", "-c", "user.email=agentc@example.com", "commit", "-qm", "ordinary project");
  return root;
}

/** A case's payload for a project: <project> replaced, cwd and the event added where the shape has them. */
export function ordinaryPayload(entry: OrdinaryCase, project: string): Record<string, unknown> {
  const text = JSON.stringify(entry.payload).replaceAll("<project>", project);
  const payload = JSON.parse(text) as Record<string, unknown>;
  if (!("cwd" in payload) && !("workspace_roots" in payload)) payload.cwd = project;
  if (!("hook_event_name" in payload) && !("toolName" in payload)) payload.hook_event_name = "PreToolUse";
  return payload;
}
