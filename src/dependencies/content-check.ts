import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { LineIndex } from "../diagnostics/positions.js";
import { thirdPartyTextHasNoHiddenUnicode } from "./checks/third-party-text-has-no-hidden-unicode.js";
import { thirdPartyTextKeepsSafetyOn } from "./checks/third-party-text-keeps-safety-on.js";
import { codePointName, findHiddenCharacters } from "./content-check-hidden.js";
import { findOverrides } from "./content-check-override.js";
import { type DroppedFile, filterUntrusted, untrustedFindings } from "./content-check-trust.js";
import type { DependencyInput } from "./model.js";

/**
 * The check of third-party text before it enters a build: hidden Unicode (AGC195) and requests to switch
 * safety off (AGC196). `file` is how the report names the text (a URL, `<dependency>:<path>`); `from` says
 * whose text it is ("source \"community\"", "dependency \"skills\"").
 */
export function checkThirdPartyText(file: string, text: string, from: string): Diagnostic[] {
  const hidden = findHiddenCharacters(text);
  const overrides = findOverrides(text);
  if (hidden.length === 0 && overrides.length === 0) return [];
  const lines = new LineIndex(file, text);
  return [
    ...hidden.map((h) =>
      diagnostic(thirdPartyTextHasNoHiddenUnicode, {
        position: lines.position(h.offset),
        message: `${codePointName(h.codePoint)}, a ${h.className}, is hidden in the text of ${from}`,
        group: "hidden Unicode in third-party text",
      }),
    ),
    ...overrides.map((o) =>
      diagnostic(thirdPartyTextKeepsSafetyOn, {
        position: lines.position(o.offset),
        message: `The text of ${from} asks ${o.rule.asks}: "${o.text}" (rule ${o.rule.id})`,
      }),
    ),
  ];
}

export interface CheckedDependency {
  /** The input with the hooks and MCP files of an untrusted dependency left out. */
  input: DependencyInput;
  dropped: DroppedFile[];
  diagnostics: Diagnostic[];
}

/**
 * What the resolver calls on each input before it enters the build: every text file checked, and the
 * hooks and MCP commands of a dependency the registry does not trust left out and reported (AGC197).
 */
export function checkDependency(input: DependencyInput): CheckedDependency {
  const { kept, dropped } = filterUntrusted(input);
  const from = `dependency "${input.name}"`;
  const diagnostics: Diagnostic[] = [];
  for (const [path, bytes] of kept) {
    const text = textOf(bytes);
    if (text !== undefined) diagnostics.push(...checkThirdPartyText(dependencyFile(input, path), text, from));
  }
  diagnostics.push(...untrustedFindings(input, dropped));
  return { input: { ...input, files: kept }, dropped, diagnostics };
}

/** How a report names a file of a dependency: `<dependency>:<path>`, as git names a file of a commit. */
export function dependencyFile(input: DependencyInput, path: string): string {
  return `${input.name}:${path}`;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The text of a UTF-8 file; undefined for binary content (images, archives), which is not read as text. */
function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
