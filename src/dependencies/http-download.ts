import { AgentcError } from "../shared/agentc-error.js";
import { remoteUrlProblem } from "../shared/remote-url.js";

const timeoutMs = 60_000;

/**
 * GET of a bounded body over https (http to loopback only); a 404 says `missingHint`, no answer is
 * "unreachable". A Content-Length above `limit` is refused before the body is read; without one the body is
 * read until it passes `limit`, and then dropped.
 */
export async function download(
  url: string,
  limit: number,
  accept: string,
  missingHint: string,
): Promise<Uint8Array> {
  const problem = remoteUrlProblem(url);
  if (problem) throw new AgentcError("dependency", `the address ${url} ${problem}`, "Use an https address.");
  const response = await answer(url, accept);
  if (response.status === 404)
    throw new AgentcError("dependency", `${url} does not exist (HTTP 404)`, missingHint);
  if (!response.ok)
    throw new AgentcError("dependency", `${url} answered HTTP ${response.status}`, "Try again later.", {
      unreachable: true,
    });
  const tooLarge = () =>
    new AgentcError("dependency", `${url} is larger than ${limit} bytes`, "Use a smaller package.");
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  return await boundedBody(response, limit, tooLarge);
}

/** Errors of a connection the server or the network dropped: the same GET is sent again (npm does the same). */
const droppedConnection = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);
/** Waits before each repeated GET. */
const retryDelaysMs = [250, 1000];

/** The response to the GET, sent again after a dropped connection; any other failure is "unreachable" at once. */
async function answer(url: string, accept: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url, {
        headers: { accept },
        redirect: "follow",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      const delay = retryDelaysMs[attempt];
      if (droppedConnection.has(code) && delay !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        continue;
      }
      const tries = attempt > 0 ? `, ${attempt + 1} tries` : "";
      throw new AgentcError(
        "dependency",
        `cannot reach ${url} (${code}${tries})`,
        "Check the address and the network.",
        {
          unreachable: true,
        },
      );
    }
  }
}

/** The body's bytes, read chunk by chunk; past `limit` the rest is not read. */
async function boundedBody(response: Response, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
