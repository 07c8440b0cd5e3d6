import { isIP } from "node:net";
import { AgentcError } from "../../shared/agentc-error.js";

const httpsHint = "publish the bundle over https (plain http is accepted only from this machine, for tests)";

/** Whether a host name is this machine: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "::1") return true;
  return isIP(host) === 4 && host.startsWith("127.");
}

export function looksLikeUrl(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source);
}

/** Parses a bundle address and applies the transport rule: https, or http to a loopback host. */
export function bundleUrl(source: string): URL {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new AgentcError("bundle", `"${source}" is not a valid URL`, httpsHint);
  }
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return url;
  throw new AgentcError("bundle", `${redacted(url)} is not an https address`, httpsHint);
}

/**
 * The next hop of a redirect: https, or loopback http only when already on loopback http (tests), so a
 * redirect never downgrades https to http.
 */
export function redirectTarget(from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new AgentcError(
      "bundle",
      `${redacted(from)} redirects to an invalid address "${location}"`,
      httpsHint,
    );
  }
  const loopbackHttp = (u: URL): boolean => u.protocol === "http:" && isLoopbackHost(u.hostname);
  if (next.protocol === "https:" || (loopbackHttp(next) && loopbackHttp(from))) return next;
  throw new AgentcError(
    "bundle",
    `${redacted(from)} redirects to ${redacted(next)}, which is not https; refused`,
    httpsHint,
  );
}

/** A URL fit for messages: no user name or password. */
export function redacted(url: URL): string {
  const copy = new URL(url);
  copy.username = "";
  copy.password = "";
  return copy.toString();
}
