import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "./testdir.js";

/**
 * Edits a copy of the client fixture so that no built-in pack refuses it: no MCP variable in args, env or
 * headers (Codex and Junie cannot pass the first two, Devin none of them, AGC150) and no runtime
 * placeholder in a rule's text (two clients' copies of one rule then differ, and a client reading both
 * folders gets both, AGC151).
 */
export function plainFixture(dir: string): void {
  const mcp = join(dir, "core", "mcp.json");
  const servers = JSON.parse(readFileSync(mcp, "utf8")) as {
    servers: Record<string, Record<string, unknown>>;
  };
  const issues = servers.servers.issues ?? {};
  issues.args = ["-y", "@example/issues-mcp", "--project", "web"];
  delete issues.env;
  delete servers.servers.docs?.headers;
  writeFileSync(mcp, `${JSON.stringify(servers, null, 2)}\n`);
  const rule = join(dir, "core", "rules", "conventions.md");
  if (!existsSync(rule)) return;
  writeFileSync(
    rule,
    readFileSync(rule, "utf8").replace("- <CLIENT_NAME> reads the rules in <RULES_DIR>.\n", ""),
  );
}

let plainCopy: string | undefined;

/** One copy of the client fixture, made plain (above), per test process. */
export function plainClientRegistry(): string {
  if (plainCopy) return plainCopy;
  const dir = join(testdir({}, "agentc-plain-"), "registry");
  cpSync(join(packageRoot, "test", "fixtures", "client-registry"), dir, { recursive: true });
  plainFixture(dir);
  plainCopy = dir;
  return dir;
}
