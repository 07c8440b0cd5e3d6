import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import type { VerifiedAgainst } from "../../clients/model.js";
import type { CapabilityRow } from "../../packs/shared/capability.js";
import type { Registry } from "../../registry/model.js";
import type { ComposedFile, EmittedFile } from "../emitted-tree.js";
import { capabilityMatrix } from "./capability-matrix.js";
import { readsThrough } from "./reads-through.js";
import { type MatrixClientInfo, renderMatrixMarkdown } from "./render-matrix-markdown.js";
import { secondLines } from "./second-lines.js";

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
      {
        name: pack.name,
        projectOwned: pack.project_owned_hint ?? [],
        ...(pack.verified ? { verified: verifiedLabel(pack.verified) } : {}),
        ...(pack.facts ? { facts: pack.facts } : {}),
      },
    ]),
  );
}

/**
 * "2.1.332" for a client checked with its own CLI, "@cursor/sdk 1.0.32" for one checked in the source of
 * a package that ships it, "docs 2026-12-02" for documentation only.
 */
export function verifiedLabel(verified: VerifiedAgainst): string {
  if (!verified.version || verified.how === "docs") return `docs ${verified.date}`;
  return verified.how === "source" && verified.package
    ? `${verified.package} ${verified.version}`
    : verified.version;
}

/** CAPABILITIES.md at the root of the build: every client pack × every promise of the core. */
export function capabilitiesFile(
  registry: Registry,
  files: readonly EmittedFile[],
  composed: readonly ComposedFile[],
  rows: readonly CapabilityRow[],
): EmittedFile {
  const matrix = capabilityMatrix(
    rows,
    registry.clients.map((c) => c.pack.client),
    registry.targets.accepted_losses,
    secondLines(registry),
  );
  const through = readsThrough(registry, files, composed);
  return {
    path: capabilitiesPath,
    bytes: Buffer.from(renderMatrixMarkdown(matrix, clientInfos(registry.clients), through)),
    component: buildReportComponent,
    role: "asset",
    rules: [],
    executable: false,
  };
}
