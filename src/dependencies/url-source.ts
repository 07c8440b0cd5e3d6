import { AgentcError } from "../shared/agentc-error.js";
import { sha256 } from "../shared/hash.js";
import type { DependencyDeclaration } from "./declaration.js";
import { download } from "./http-download.js";
import type { SourceFiles } from "./model.js";
import { unpackTarball } from "./tarball.js";

const maxBytes = 64 * 1024 * 1024;
const missingHint = "Check the address in sources.json.";

/** An address names no version: what it serves now is pinned by the sha256 of its bytes. */
export async function pinUrl(declaration: DependencyDeclaration): Promise<string> {
  return `sha256:${sha256(await fetchTarball(declaration.source))}`;
}

/** The .tar.gz at the address, which must still be the bytes the pin names. */
export async function urlFiles(declaration: DependencyDeclaration, pinned: string): Promise<SourceFiles> {
  const bytes = await fetchTarball(declaration.source);
  const now = `sha256:${sha256(bytes)}`;
  if (now !== pinned)
    throw new AgentcError(
      "dependency",
      `${declaration.source} now serves ${now}, not the ${pinned} agentc.lock pins`,
      `Review the change, then run 'agentc update ${declaration.name}' and commit agentc.lock.`,
    );
  return unpackTarball(bytes, declaration.path ?? "", "none");
}

function fetchTarball(url: string): Promise<Uint8Array> {
  return download(url, maxBytes, "application/gzip, application/octet-stream", missingHint);
}
