import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot } from "../../../src/shared/package-paths.js";
import { testdir } from "../testdir.js";
import { inLoopbackNamespace, loopbackIsolated, runnerRecord } from "./runner-record.js";
import type { SessionPlan, SessionRecord } from "./session-runner.js";

export type { SessionPlan, SessionRecord } from "./session-runner.js";

const runner = fileURLToPath(new URL("./session-runner.js", import.meta.url));

/** The namespace may also have a mount namespace of its own, where /etc/hosts can be replaced. */
const hostsReplaceable =
  loopbackIsolated &&
  spawnSync("unshare", ["--net", "--mount", "mount", "--bind", "/etc/hosts", "/etc/hosts"]).status === 0;

/** The hosts of the client fixture's remote MCP servers (docs.example.com, events.example.com). */
function fixtureServerHosts(): string[] {
  const file = join(packageRoot, "test", "fixtures", "client-registry", "core", "mcp.json");
  const servers = (JSON.parse(readFileSync(file, "utf8")) as { servers: Record<string, { url?: string }> })
    .servers;
  return Object.values(servers).flatMap((s) => (s.url ? [new URL(s.url).hostname] : []));
}

let standIn: (NonNullable<SessionPlan["remote"]> & { hosts: string }) | undefined;

/**
 * Inside the namespace the fixture's MCP hosts name loopback, where the runner answers 404 over TLS
 * with a throw-away certificate the clients trust (NODE_EXTRA_CA_CERTS). A client then gives up on
 * those servers at once; an unreachable host it retries (Auggie: three tries 3 s apart before its first
 * turn, measured with 0.36.0). Made once per test process.
 */
function remoteStandIn(): typeof standIn {
  if (standIn || !hostsReplaceable) return standIn;
  const dir = testdir({}, "agentc-standin-");
  const names = fixtureServerHosts();
  const [key, cert, hosts] = ["key.pem", "cert.pem", "hosts"].map((f) => join(dir, f)) as [
    string,
    string,
    string,
  ];
  const subject = ["-subj", `/CN=${names[0] ?? "localhost"}`];
  const altNames = ["-addext", `subjectAltName=${names.map((n) => `DNS:${n}`).join(",")}`];
  const made = spawnSync("openssl", [
    ..."req -x509 -newkey rsa:2048 -nodes -days 2".split(" "),
    ...["-keyout", key, "-out", cert, ...subject, ...altNames],
  ]);
  if (made.status !== 0) return undefined;
  writeFileSync(hosts, `127.0.0.1 localhost ${names.join(" ")}\n::1 localhost\n`);
  standIn = { key, cert, hosts };
  return standIn;
}

/**
 * One real client session against a stand-in model API (session-runner.ts). Offline: inside its own
 * network namespace when the machine allows it, else with every proxy pointing at a refused port and
 * only loopback exempt (the sandbox's environment).
 */
export function clientSession(plan: SessionPlan): Promise<SessionRecord> {
  const remote = remoteStandIn();
  const env = {
    ...plan.env,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
    ...(remote ? { NODE_EXTRA_CA_CERTS: remote.cert } : {}),
  };
  const tls = remote ? { remote: { key: remote.key, cert: remote.cert } } : {};
  const proxyPort = loopbackIsolated ? Number(new URL(String(plan.env.HTTPS_PROXY ?? "http://x:0")).port) : 0;
  const node = [
    process.execPath,
    runner,
    JSON.stringify({ ...plan, env, ...tls, ...(proxyPort ? { proxyPort } : {}) }),
  ];
  const argv = remote
    ? [
        "unshare",
        "--net",
        "--mount",
        "sh",
        "-c",
        'mount --bind "$HOSTS_FILE" /etc/hosts && ip link set lo up && exec "$0" "$@"',
        ...node,
      ]
    : inLoopbackNamespace(node);
  return runnerRecord<SessionRecord>(
    argv,
    { ...process.env, HOSTS_FILE: remote?.hosts ?? "" },
    "the session runner",
  );
}

/** The request of a session that carries the most: the main conversation's first turn, with every instruction. */
export function mainRequest(record: SessionRecord): string {
  return record.requests.reduce((big, r) => (r.body.length > big.length ? r.body : big), "");
}

/** The session for an assertion message: exit, the end of its output, and the requests' URLs. */
export function describeSession(record: SessionRecord): string {
  const cut = (text: string) => (text.length > 3000 ? `…${text.slice(-3000)}` : text);
  const how = record.timedOut ? "timed out" : `exit ${record.status}`;
  const urls = record.requests.map((r) => r.url).join(", ");
  return `${how}; requests: ${urls || "none"}\n--- stdout\n${cut(record.stdout)}\n--- stderr\n${cut(record.stderr)}`;
}
