import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import type { CapabilityRow } from "../clients/capability.js";
import type { EmittedFile } from "../emitted-tree.js";
import { capabilityMatrix } from "./capability-matrix.js";
import { type MatrixClientInfo, renderMatrixMarkdown } from "./render-matrix-markdown.js";

export const capabilitiesPath = "CAPABILITIES.md";

/**
 * The component of CAPABILITIES.md: no adapter or client can have it (ids are lower-case letters, digits
 * and "-"), so the manifest lists the file as an artifact of the build while no component installs it.
 */
export const buildReportComponent = "agentc:build-report";

/** What the matrix says about each client pack beside its cells. */
export function clientInfos(clients: readonly LoadedClientPack[]): Record<string, MatrixClientInfo> {
  return Object.fromEntries(
    clients.map(({ pack }) => [
      pack.client,
      { name: pack.name, projectOwned: pack.project_owned_hint ?? [] },
    ]),
  );
}

/** CAPABILITIES.md at the root of the build: every client pack × every promise of the core. */
export function capabilitiesFile(
  clients: readonly LoadedClientPack[],
  rows: readonly CapabilityRow[],
): EmittedFile {
  const matrix = capabilityMatrix(
    rows,
    clients.map((c) => c.pack.client),
  );
  return {
    path: capabilitiesPath,
    bytes: Buffer.from(renderMatrixMarkdown(matrix, clientInfos(clients))),
    component: buildReportComponent,
    role: "asset",
    rules: [],
    executable: false,
  };
}
