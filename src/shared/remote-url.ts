const loopbackHosts = new Set(["localhost", "[::1]"]);
/** 127.0.0.0/8; the URL parser has already normalised short forms such as 127.1. */
const loopbackIpv4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname) || loopbackIpv4.test(hostname);
}

/** Checks the address: https, or plain http to loopback only (for tests and local mirrors). */
export function remoteUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not a valid URL";
  }
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return undefined;
  return "must use https (plain http is accepted for loopback addresses only)";
}
