import { bundleUrl } from "../../install/index.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { parseJson } from "../../shared/nesting-limit.js";
import type { Credentials } from "./registry-credentials.js";
import { registryProblem, registryRequest } from "./registry-http.js";

export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

/** `WWW-Authenticate: Bearer realm="…",service="…",scope="…"` (or Basic realm="…"). */
export function parseChallenge(header: string | undefined): Challenge | undefined {
  if (!header) return undefined;
  const match = /^\s*(\w+)\s*(.*)$/s.exec(header);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  for (const [, key, quoted, bare] of (match[2] ?? "").matchAll(/(\w+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g))
    params[(key as string).toLowerCase()] =
      quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (bare ?? "");
  return { scheme: (match[1] as string).toLowerCase(), params };
}

export const authHint =
  "log in with 'docker login HOST' (agentc reads ~/.docker/config.json and its credential helpers), or set AGENTC_OCI_TOKEN, or AGENTC_OCI_USERNAME and AGENTC_OCI_PASSWORD";

function basic(credentials: Extract<Credentials, { kind: "basic" }>): string {
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
}

/**
 * The Authorization header that answers a challenge (the distribution spec's token flow): Basic with the
 * credentials; or Bearer, with a token from the realm (asked with the credentials, or anonymously).
 */
export async function answerChallenge(
  challenge: Challenge,
  credentials: Credentials | undefined,
  scope: string,
  label: string,
): Promise<string> {
  if (challenge.scheme === "basic") {
    if (credentials?.kind !== "basic")
      throw new AgentcError("bundle", `${label} needs a user name and password`, authHint);
    return basic(credentials);
  }
  if (challenge.scheme !== "bearer" || !challenge.params.realm)
    throw new AgentcError(
      "bundle",
      `${label} asks for an authentication agentc does not speak (${challenge.scheme})`,
      authHint,
    );
  if (credentials?.kind === "bearer") return `Bearer ${credentials.token}`;
  const realm = bundleUrl(challenge.params.realm);
  if (challenge.params.service) realm.searchParams.set("service", challenge.params.service);
  realm.searchParams.set("scope", challenge.params.scope ?? scope);
  const response = await registryRequest({
    method: "GET",
    url: realm,
    ...(credentials ? { headers: { authorization: basic(credentials) } } : {}),
  });
  if (response.status !== 200)
    throw new AgentcError(
      "bundle",
      `${label}: the token service answered ${registryProblem(response)}`,
      authHint,
    );
  const { token, access_token } = parseJson(response.body.toString("utf8")) as {
    token?: string;
    access_token?: string;
  };
  const value = token ?? access_token;
  if (typeof value !== "string" || value === "")
    throw new AgentcError("bundle", `${label}: the token service sent no token`, authHint);
  return `Bearer ${value}`;
}
