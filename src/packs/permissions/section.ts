import type { ReadDocument, ReadReport, Section } from "../section.js";
import { withRuntimePlaceholders } from "../shared/pack-text.js";
import { permissionEntries } from "./emit.js";
import type { PermissionsFound, PermissionsPack } from "./model.js";
import { readPermissions } from "./read.js";
import { readExecPolicyLines, readExecPolicyLists } from "./read-exec-policy.js";
import { seedPermissions } from "./seed.js";

/**
 * Permissions: core/permissions.json's deny, ask and allow rules in the client's permission lists, in its
 * rule form, and its exec rules with a command in the client's exec policy where the pack has one (one rule
 * a line in a file agentc owns, or JSON lists composed into a shared file): the two keys split one core
 * list, in its order (docs/client-settings.md).
 */
export const permissionsSection: Section<PermissionsPack, PermissionsFound> = {
  name: "permissions",
  keys: ["permissions", "exec_policy"],
  rank: 10,
  matrix: [{ kind: "permission", title: "Permissions", rank: 70 }],
  settings: {
    file: (pack) => pack.permissions && { file: pack.permissions.file, format: pack.permissions.format },
    otherFile: (pack) =>
      pack.exec_policy?.shape === "json_list" ? { file: pack.exec_policy.file, format: "json" } : undefined,
    emit: permissionEntries,
    read: readSettings,
    nothingFound: () => ({ permissions: { deny: [], ask: [], allow: [] }, policies: {} }),
    readFiles: readExecPolicyLines,
  },
  seed: seedPermissions,
};

/** The permission lists and the exec policy's JSON lists, each where the document is its file. */
function readSettings(
  pack: PermissionsPack,
  document: ReadDocument,
  report: ReadReport,
  found: PermissionsFound,
): string[] {
  const at = (file: string) => withRuntimePlaceholders(pack, file) === (document.standsFor ?? document.file);
  const { permissions, exec_policy: policy } = pack;
  return [
    ...(permissions && at(permissions.file)
      ? readPermissions(pack, permissions, document, report, found)
      : []),
    ...(policy?.shape === "json_list" && at(policy.file)
      ? readExecPolicyLists(policy, document, report, found)
      : []),
  ];
}
