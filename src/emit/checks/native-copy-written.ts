import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";
import { type NativeCopy, nativeFolder } from "../../registry/native-copies.js";
import { pathProblem } from "../../shared/path-check.js";
import { isAtOrBelow } from "../../shared/posix-path.js";

const nativeJson = (component: string) =>
  `${JSON.stringify(
    {
      version: 1,
      files: [
        {
          path: "AGENTS.md",
          component,
          from: ["rules/style.md"],
          from_sha256: "0000000000000000000000000000000000000000000000000000000000000000",
        },
      ],
    },
    null,
    2,
  )}\n`;

export const nativeCopyWritten: InlineCheck = {
  id: "AGC190",
  slug: "native-copy-written",
  stage: "emit",
  severity: "error",
  title: "Each native copy of native.json can be written back at its own path",
  description:
    "agentc import keeps every project file it read below native/, listed in native.json with the registry files it became; while those are unchanged, the build writes the copy back in place of its own rendering, so installing into the project imported from changes nothing. A copy that names a component targets.json does not choose, a path agentc cannot install, or a missing file is an error; a copy whose registry files were edited since import is not used, and the build writes the component's own form of them (info).",
  hint: "Choose the component in targets.json, or remove the entry from native.json (and the file from native/); the build then writes the registry files in the component's own form.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "rules/style.md": "---\nscope: global\n---\n# Style\n\nUse tabs.\n",
        "native.json": nativeJson("no-such-pack"),
        "native/AGENTS.md": "# Style\n\nUse tabs.\n",
      }),
      expected: [
        "native.json:5:15: error AGC190 no-such-pack is neither a chosen client pack nor a chosen adapter of targets.json",
      ],
    };
  },
};

/** What keeps a native copy from its place; `stale` when the build writes the item in its own form instead. */
export interface CopyProblem {
  message: string;
  severity: "error" | "warning";
  stale?: boolean;
}

/** A copy that cannot be placed: refused on import, unsafe, of no chosen component, outside its places, or stale. */
export function copyProblem(
  copy: NativeCopy,
  places: string[] | undefined,
  everyPlace: () => readonly string[],
): CopyProblem | undefined {
  if (copy.problem) return { message: copy.problem, severity: "error" };
  const unsafe = copy.files
    .map((f) => ({ path: f.path, problem: pathProblem(f.path) }))
    .find((f) => f.problem);
  if (unsafe)
    return { message: `${unsafe.path} ${unsafe.problem}, so agentc cannot install it`, severity: "error" };
  if (!places)
    return {
      message: `${copy.component} is neither a chosen client pack nor a chosen adapter of targets.json`,
      severity: "error",
    };
  // a copy written where the project's link at the component's own file leads counts at that file's place,
  // and must itself lie at a place some chosen client or adapter reads (another client's instruction file)
  const at = (path: string) => (copy.through !== undefined && !copy.folder ? copy.through : path);
  const within = (path: string, list: readonly string[]) => list.some((p) => isAtOrBelow(path, p));
  if (copy.through !== undefined && !within(copy.path, everyPlace()))
    return {
      message: `${copy.path}, where the project's ${copy.through} leads, is at no place a chosen client or adapter reads`,
      severity: "error",
    };
  const outside = copy.files.find((f) => !within(at(f.path), places));
  if (outside)
    return {
      message: `${at(outside.path)} is not at a place ${copy.component} reads (${places.join(", ")})`,
      severity: "error",
    };
  if (!copy.current)
    return {
      message: `${copy.from.join(", ")} changed since import: the build writes ${copy.component}'s own form of it{at}, and ${nativeFolder}/${copy.path} no longer`,
      severity: "warning",
      stale: true,
    };
  return undefined;
}

/** The problem, saying for a stale copy whether the build's own form went to the copy's path. */
export function copyProblemFinding(
  copy: NativeCopy,
  problem: CopyProblem,
  movedToCopyPath: boolean,
): Diagnostic {
  const at = movedToCopyPath ? ` at ${copy.path}, where the project has it` : "";
  return reported(copy, problem.message.replace("{at}", at), problem.severity);
}

/** A settings file whose imported items changed: the build composes its own values (if any) beside the project's. */
export function changedSettingsFinding(copy: NativeCopy, composes: boolean): Diagnostic {
  return reported(
    copy,
    composes
      ? `${copy.from.join(", ")} changed since import: the build composes ${copy.component}'s own values into ${copy.path}, and the install takes over the project's entries there that it adopted (a changed hook, server or value replaces the project's in place, which uninstall gives back); a permission rule the build no longer carries stays the project's`
      : `${copy.from.join(", ")} changed since import: the build composes nothing into ${copy.path}, and the project's entries there stay as they are`,
    "warning",
  );
}

/**
 * A copy of items its component writes nothing of, or writes only together with other rules into one file
 * (`beside`: a rule of another source now written into the always-on file too).
 */
export function nothingReplacedFinding(copy: NativeCopy, beside?: string): Diagnostic {
  const what = beside
    ? `writes ${copy.from.join(", ")} into ${beside} together with other rules`
    : `writes nothing of ${copy.from.join(", ")}`;
  const form = beside ? `: the build writes ${copy.component}'s own form there` : "";
  return reported(
    copy,
    `${copy.component} ${what}, so ${nativeFolder}/${copy.path} is not written${form}`,
    "warning",
  );
}

/** A copy whose file another item of the registry is written to. */
export function pathTakenFinding(copy: NativeCopy, taken: string): Diagnostic {
  return reported(
    copy,
    `${taken} is also written for another item of the registry, so ${nativeFolder}/${copy.path} is not written and ${copy.from.join(", ")} is written in ${copy.component}'s own form`,
    "warning",
  );
}

function reported(copy: NativeCopy, message: string, severity: "error" | "warning"): Diagnostic {
  return diagnostic(nativeCopyWritten, { position: copy.position, severity, message });
}
