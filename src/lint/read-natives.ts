import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { builtinAssistantData, sharedAlwaysOn } from "../import/assistants.js";
import { nativeFilesReadable, refusedReadFindings } from "../import/checks/native-files-readable.js";
import type { NativeFile } from "../import/model.js";
import { ProjectReader } from "../import/read-project/project-reader.js";
import { readAssistant } from "../import/read-project/read-assistant.js";
import { importLines } from "../import/read-project/read-instructions.js";

/** AGC127's advice for lint, whose reader is not `agentc import`. */
const hint = "Fix the file (or remove the link that leads out of the project), then run agentc lint again.";

/**
 * The project's native files as `agentc import` reads them, with import's own readers: the files read and
 * what those readers could not read (AGC127: malformed frontmatter, JSON or TOML, binary files, links out
 * of the project). What import would leave out of a registry is no finding here.
 */
export function readNatives(
  root: string,
  clients: readonly string[] | undefined,
): { files: NativeFile[]; diagnostics: Diagnostic[] } {
  const all = builtinAssistantData();
  const chosen = clients ? all.filter((a) => clients.includes(a.id)) : all;
  const reader = new ProjectReader(root);
  const alwaysOn = sharedAlwaysOn(all).path;
  const imports = importLines(all, alwaysOn);
  const seen = new Set<string>();
  const read = chosen.map((assistant) => readAssistant(reader, assistant, imports, seen, alwaysOn));
  const refused = refusedReadFindings(reader.diagnostics);
  const unreadable = read.flatMap((r) => r.diagnostics).filter((d) => d.id === nativeFilesReadable.id);
  // For import a file it cannot read stays the project's (a warning); for lint it is what the client cannot read either.
  const forLint = (d: Diagnostic): Diagnostic => ({
    ...d,
    severity: "error",
    ...(d.hint === nativeFilesReadable.hint ? { hint } : {}),
  });
  return { files: read.flatMap((r) => r.files), diagnostics: [...unreadable, ...refused].map(forLint) };
}
