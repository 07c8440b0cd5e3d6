import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { LineIndex } from "../diagnostics/positions.js";
import {
  type DroppedFile,
  filterUntrusted,
  untrustedFindings,
} from "./checks/dependency-hooks-need-trust.js";
import { hiddenUnicodeFindings } from "./checks/third-party-text-has-no-hidden-unicode.js";
import { safetyOffFindings } from "./checks/third-party-text-keeps-safety-on.js";
import type { DependencyInput } from "./model.js";

/**
 * The check of third-party text before it enters a build: hidden Unicode (AGC195) and requests to switch
 * safety off (AGC196). `file` is how the report names the text (a URL, `<dependency>:<path>`); `from` says
 * whose text it is ("source \"community\"", "dependency \"skills\"").
 */
export function checkThirdPartyText(file: string, text: string, from: string): Diagnostic[] {
  let lines: LineIndex | undefined;
  const at = (offset: number) => {
    lines ??= new LineIndex(file, text);
    return lines.position(offset);
  };
  return [...hiddenUnicodeFindings(text, from, at), ...safetyOffFindings(text, from, at)];
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
