import { AgentcError } from "../shared/agentc-error.js";
import { remoteUrlProblem } from "../shared/remote-url.js";

const timeoutMs = 60_000;

/** GET of a bounded body over https (http to loopback only); a 404 says `missingHint`, no answer is "unreachable". */
export async function download(
  url: string,
  limit: number,
  accept: string,
  missingHint: string,
): Promise<Uint8Array> {
  const problem = remoteUrlProblem(url);
  if (problem) throw new AgentcError("dependency", `the address ${url} ${problem}`, "Use an https address.");
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept },
      redirect: "follow",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new AgentcError(
      "dependency",
      `cannot reach ${url} (${code})`,
      "Check the address and the network.",
      {
        unreachable: true,
      },
    );
  }
  if (response.status === 404)
    throw new AgentcError("dependency", `${url} does not exist (HTTP 404)`, missingHint);
  if (!response.ok)
    throw new AgentcError("dependency", `${url} answered HTTP ${response.status}`, "Try again later.", {
      unreachable: true,
    });
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength > limit)
    throw new AgentcError("dependency", `${url} is larger than ${limit} bytes`, "Use a smaller package.");
  return body;
}
