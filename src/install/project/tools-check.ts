import { accessSync, constants, lstatSync } from "node:fs";
import { delimiter, join } from "node:path";
import { pairLine } from "../../manifest/manifest-lines.js";
import type { Manifest } from "../../manifest/manifest-model.js";

export interface ToolStatus {
  name: string;
  found: boolean;
  /** what was looked for: "command -v <name>" or the project path */
  checked: string;
  /** the first install command, printed as a hint; agentc never runs it */
  hint: string;
  /** why the project needs it (a tool's purpose, a capability's why), when the manifest says */
  purpose?: string;
}

/** Looks each tool up on PATH (like `command -v`), or at its project path; runs nothing. */
export function checkTools(manifest: Manifest, root: string, path = process.env.PATH ?? ""): ToolStatus[] {
  const projectPaths = new Map<string, string>();
  for (const line of manifest.install.tool_paths ?? []) {
    const [name, path] = pairLine(line) ?? [];
    if (name && path) projectPaths.set(name, path);
  }
  const purposes = new Map<string, string>();
  for (const line of manifest.install.tool_purposes ?? []) {
    const [name, purpose] = pairLine(line) ?? [];
    if (name && purpose) purposes.set(name, purpose);
  }
  return (manifest.install.tools ?? []).flatMap((line) => {
    const [name, hint] = pairLine(line) ?? [];
    if (!name) return [];
    const purpose = purposes.get(name);
    const about = { name, hint: hint ?? "", ...(purpose ? { purpose } : {}) };
    const projectPath = projectPaths.get(name);
    if (projectPath)
      return [{ ...about, found: existsNoFollow(join(root, projectPath)), checked: projectPath }];
    return [{ ...about, found: onPath(name, path), checked: `command -v ${name}` }];
  });
}

function onPath(name: string, path: string): boolean {
  if (name.includes("/") || name.includes("\\")) return false;
  const extensions = process.platform === "win32" ? ["", ".exe", ".cmd", ".bat"] : [""];
  return path
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => extensions.some((ext) => executable(join(dir, `${name}${ext}`))));
}

function executable(abs: string): boolean {
  try {
    accessSync(abs, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function existsNoFollow(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}
