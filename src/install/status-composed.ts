import { pathText } from "../compose/conflicts.js";
import type { Finding } from "./model/drift.js";
import type { ComposedRecord } from "./model/record.js";
import type { ProjectState } from "./project/project-state.js";
import { hashAt, readShared } from "./project/shared-file.js";

/**
 * Drift in shared files: each value agentc owns that the person changed or deleted, key by key. Values
 * the person wrote themselves are not agentc's and never drift.
 */
export function composedDrift(
  state: ProjectState,
  readFile: (path: string) => Buffer | undefined,
  composed: readonly ComposedRecord[],
): Finding[] {
  return composed.flatMap((c) => fileDrift(state, readFile, c));
}

function fileDrift(
  state: ProjectState,
  readFile: (path: string) => Buffer | undefined,
  c: ComposedRecord,
): Finding[] {
  if (c.owned.length === 0) return [];
  const onDisk = state.get(c.path);
  if (onDisk.type === "absent")
    return [{ path: c.path, kind: "missing", detail: "the shared file holding agentc's values is missing" }];
  if (onDisk.type !== "file")
    return [
      {
        path: c.path,
        kind: "modified",
        detail: `expected a shared ${c.format} file, found a ${onDisk.type}`,
      },
    ];
  const document = readShared(c.format, readFile(c.path)?.toString("utf8"));
  if (!document.ok)
    return [
      {
        path: c.path,
        kind: "modified",
        detail: `does not parse at line ${document.line}, column ${document.column}: ${document.reason}`,
      },
    ];
  return c.owned.flatMap((record): Finding[] => {
    const key = record.element ? `${pathText(record.path)}[]` : pathText(record.path);
    if (record.element) {
      if (hashAt(document, record) === record.hash) return [];
      return [
        {
          path: c.path,
          key,
          kind: "missing",
          detail: `${key}: an element agentc added was deleted or edited`,
        },
      ];
    }
    const found = hashAt(document, { path: record.path, hash: record.hash });
    if (found === record.hash) return [];
    return found === undefined
      ? [{ path: c.path, key, kind: "missing", detail: `${key}: agentc's value was deleted` }]
      : [{ path: c.path, key, kind: "modified", detail: `${key}: agentc's value was changed` }];
  });
}
