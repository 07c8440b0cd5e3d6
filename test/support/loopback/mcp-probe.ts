import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { clientRegistry } from "../clients-cli.js";
import { testdir } from "../testdir.js";
import type { ProbePlan, ProbeRecord } from "./mcp-probe-runner.js";
import { inLoopbackNamespace, loopbackIsolated, runnerRecord } from "./runner-record.js";

export type { ProbePlan, ProbeRecord } from "./mcp-probe-runner.js";

const runner = fileURLToPath(new URL("./mcp-probe-runner.js", import.meta.url));

/** The stdio probe server's script, for a registry's core/mcp.json (`node <it> <log> ...`). */
export const stdioProbe = fileURLToPath(new URL("./mcp-probe-stdio.js", import.meta.url));

/**
 * A port for the probe's HTTP server. Inside a network namespace of its own any port is free; on the
 * machine's own loopback, one the kernel just handed out.
 */
export async function probePort(): Promise<number> {
  if (loopbackIsolated) return 47_123;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

/**
 * A client CLI run beside the probe's HTTP MCP server (mcp-probe-runner.ts): offline, inside a network
 * namespace of its own when the machine allows it, loopback exempt from the sandbox's proxy.
 */
export function withMcpProbe(plan: ProbePlan): Promise<ProbeRecord> {
  const env = {
    ...plan.env,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
  };
  const node = [process.execPath, runner, JSON.stringify({ ...plan, env })];
  return runnerRecord<ProbeRecord>(
    inLoopbackNamespace(node),
    { ...process.env, MCP_PROBE_RUNNER: "1" },
    "the probe runner",
  );
}

/** A registry whose only content is the MCP servers given, in core/mcp.json (and the fixture's AGENTS.md adapter). */
export function serversRegistry(servers: Record<string, unknown>): string {
  return testdir({
    "sources.json": '{ "version": 1, "sources": [] }\n',
    "targets.json": readFileSync(join(clientRegistry, "targets.json"), "utf8"),
    "core/mcp.json": `${JSON.stringify({ version: 1, servers }, null, 2)}\n`,
  });
}

/** The stdio probe's records: one per start, what it was given. */
export function probeStarts(log: string): { args: string[]; token: string | null }[] {
  if (!existsSync(log)) return [];
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { args: string[]; token: string | null });
}
