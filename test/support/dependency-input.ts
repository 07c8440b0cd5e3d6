import type { DependencyInput } from "../../src/dependencies/model.js";

/** A git dependency the registry does not trust, holding `files` (text or bytes by posix path). */
export function untrustedDependency(
  name: string,
  files: Iterable<[string, string | Uint8Array]>,
): DependencyInput {
  return {
    name,
    kind: "git",
    origin: `https://git.example.com/${name}.git`,
    version: "0".repeat(40),
    digest: `sha256:${"0".repeat(64)}`,
    trusted: false,
    files: new Map(
      [...files].map(([path, content]) => [
        path,
        typeof content === "string" ? new TextEncoder().encode(content) : content,
      ]),
    ),
  };
}
