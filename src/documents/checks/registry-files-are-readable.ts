import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const registryFilesAreReadable: InlineCheck = {
  id: "AGC003",
  slug: "registry-files-are-readable",
  stage: "load",
  severity: "error",
  title: "Registry files and folders must exist and be readable text",
  description:
    "A folder named by a source, a seed or an asset must exist; rule files must be UTF-8 text (no NUL bytes) and at most 4 MiB.",
  hint: "Create the missing file or folder, or fix the path in sources.json / targets.json.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "sources.json":
          '{"version": 1, "trigger_keys": ["any-code"], "router_slug": "skill-router", "sources": [{"name": "custom", "kind": "custom", "path": "rules"}, {"name": "team", "kind": "community", "path": "missing-folder"}]}\n',
      }),
      expected: [
        'sources.json:1:190: error AGC003 The folder "missing-folder" of source "team" does not exist',
      ],
    };
  },
};

/** A folder a walk could not list: nothing below it is read. */
export function unlistedFolderFinding(folder: string, reason: string): Diagnostic {
  return diagnostic(registryFilesAreReadable, {
    position: { file: folder, line: 1, column: 1 },
    message: `${folder} ${reason}, so the files below it are not read`,
  });
}
