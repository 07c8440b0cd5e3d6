import { maxNesting } from "../shared/nesting-limit.js";

/** The bounds every registry input is held to (AGC106, docs/checks/AGC106.md). */
export const inputLimits = {
  /** Levels of JSON or YAML nesting: registry files need fewer than ten. */
  nesting: maxNesting,
  /** Alias expansions in one YAML block (the yaml library's maxAliasCount). */
  yamlAliases: 100,
  /**
   * Keys and list items of one YAML block: frontmatter needs a few dozen. The yaml library compares
   * each key with every other key of its mapping, so 60,000 keys took minutes.
   */
  yamlEntries: 1000,
  /** Characters of a registry-relative path, as pathProblem allows for install paths. */
  pathLength: 1024,
  /** Bytes of one name in a path: what Linux, macOS and Windows file systems take. */
  nameBytes: 255,
  /** Characters of a word the checks search rule text for (depth_vocabulary, envelope_slots). */
  wordLength: 200,
  /** Files and folders one walk of a registry folder visits, links counted as what they lead to. */
  walkEntries: 100_000,
} as const;

/** Why a registry-relative path is too long for agentc or the file system, or undefined. */
export function pathLengthProblem(path: string): string | undefined {
  if (path.length > inputLimits.pathLength)
    return `is a path of ${path.length} characters, longer than the limit of ${inputLimits.pathLength}`;
  for (const name of path.split("/")) {
    if (name.length * 3 <= inputLimits.nameBytes) continue;
    const bytes = Buffer.byteLength(name);
    if (bytes > inputLimits.nameBytes)
      return `holds a name of ${bytes} bytes, longer than the ${inputLimits.nameBytes} a file system takes`;
  }
  return undefined;
}
