import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { parseJson } from "../../shared/nesting-limit.js";

/** How to authenticate to one registry: a user and password (or token as password), or a bearer token. */
export type Credentials =
  | { kind: "basic"; username: string; password: string }
  | { kind: "bearer"; token: string };

interface DockerConfig {
  auths?: Record<string, { auth?: string; username?: string; password?: string; identitytoken?: string }>;
  credHelpers?: Record<string, string>;
  credsStore?: string;
}

/**
 * The credentials for a registry host, from the first of: AGENTC_OCI_TOKEN (a bearer token, e.g. a
 * GitHub token for ghcr.io); AGENTC_OCI_USERNAME with AGENTC_OCI_PASSWORD; the Docker credential file
 * ($DOCKER_CONFIG/config.json, else ~/.docker/config.json): its credential helper for the host, its
 * credsStore, or its `auths` entry. Undefined: anonymous.
 */
export function credentialsFor(host: string, env: NodeJS.ProcessEnv = process.env): Credentials | undefined {
  if (env.AGENTC_OCI_TOKEN) return { kind: "bearer", token: env.AGENTC_OCI_TOKEN };
  if (env.AGENTC_OCI_USERNAME && env.AGENTC_OCI_PASSWORD)
    return { kind: "basic", username: env.AGENTC_OCI_USERNAME, password: env.AGENTC_OCI_PASSWORD };
  const config = dockerConfig(env);
  if (!config) return undefined;
  const helper = config.credHelpers?.[host] ?? config.credsStore;
  const fromHelper = helper ? helperCredentials(helper, host) : undefined;
  return fromHelper ?? authsCredentials(config, host);
}

function dockerConfig(env: NodeJS.ProcessEnv): DockerConfig | undefined {
  const dir = env.DOCKER_CONFIG ?? join(homedir(), ".docker");
  try {
    return parseJson(readFileSync(join(dir, "config.json"), "utf8")) as DockerConfig;
  } catch {
    return undefined;
  }
}

/** `auths` keys are written as "host", "https://host" or "https://host/v1/" by different tools. */
function authsCredentials(config: DockerConfig, host: string): Credentials | undefined {
  const entry = Object.entries(config.auths ?? {}).find(
    ([key]) => key.replace(/^https?:\/\//, "").replace(/\/.*$/, "") === host,
  )?.[1];
  if (!entry) return undefined;
  if (entry.identitytoken) return { kind: "basic", username: "<token>", password: entry.identitytoken };
  if (entry.username && entry.password)
    return { kind: "basic", username: entry.username, password: entry.password };
  if (!entry.auth) return undefined;
  const decoded = Buffer.from(entry.auth, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon > 0
    ? { kind: "basic", username: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
    : undefined;
}

/** A Docker credential helper (`docker-credential-<name> get`, the host on stdin, JSON on stdout). */
function helperCredentials(helper: string, host: string): Credentials | undefined {
  if (!/^[A-Za-z0-9_.-]+$/.test(helper)) return undefined;
  const result = spawnSync(`docker-credential-${helper}`, ["get"], {
    input: host,
    encoding: "utf8",
    timeout: 30_000,
  });
  if (result.status !== 0 || !result.stdout) return undefined;
  try {
    const { Username, Secret } = parseJson(result.stdout) as { Username?: string; Secret?: string };
    return Username && Secret ? { kind: "basic", username: Username, password: Secret } : undefined;
  } catch {
    return undefined;
  }
}
