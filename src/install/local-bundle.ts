import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../manifest/hash.js";
import type { Manifest } from "../manifest/manifest-model.js";
import { type Desired, desiredState } from "./desired.js";
import { pathListProblems, pathProblem } from "./path-check.js";
import type { Content } from "./plan-model.js";

/** The desired state of a bundle folder with every byte read and checked against the manifest's hashes. */
export type LoadedBundle =
  | { ok: true; desired: Desired; bytesOf: (c: Content) => Buffer }
  | { ok: false; problems: string[] };

export function loadBundle(bundleDir: string, manifest: Manifest, components: string[]): LoadedBundle {
  const problems: string[] = [];
  const desired = desiredState(manifest, components, (dir) => listPayload(bundleDir, dir, problems));
  const bytes = new Map<string, Buffer>();
  for (const f of desired.files) {
    if (!f.sha256) {
      problems.push(`${f.path}: listed by component ${f.component} but has no hash in the manifest`);
      continue;
    }
    const read = readBundleFile(bundleDir, f.path);
    if (typeof read === "string") problems.push(read);
    else if (sha256(read) !== f.sha256)
      problems.push(
        `${f.path}: the bundle's file does not match its hash in the manifest (corrupt or tampered bundle)`,
      );
    else bytes.set(f.path, read);
  }
  const paths = [...desired.files.map((f) => f.path), ...desired.links.map((l) => l.path)];
  for (const p of pathListProblems(paths))
    if (!problems.some((q) => q.startsWith(p.path))) problems.push(`${p.path}: ${p.problem}`);
  if (problems.length > 0) return { ok: false, problems };
  const bytesOf = (c: Content): Buffer => {
    if (c.from === "text") return Buffer.from(c.text);
    const found = bytes.get(c.path);
    if (!found) throw new Error(`internal: ${c.path} was not loaded from the bundle`);
    return found;
  };
  return { ok: true, desired, bytesOf };
}

function readBundleFile(bundleDir: string, path: string): Buffer | string {
  const abs = join(bundleDir, path);
  try {
    const stat = lstatSync(abs);
    if (!stat.isFile())
      return `${path}: expected a regular file in the bundle, found ${stat.isSymbolicLink() ? "a symbolic link" : "something else"}`;
    return readFileSync(abs);
  } catch {
    return `${path}: listed in the manifest but missing from the bundle`;
  }
}

function listPayload(bundleDir: string, dir: string, problems: string[]): { path: string; sha256: string }[] {
  const out: { path: string; sha256: string }[] = [];
  const visit = (rel: string): void => {
    let names: string[];
    try {
      names = readdirSync(join(bundleDir, rel)).sort();
    } catch {
      return void problems.push(`${rel}: payload folder missing from the bundle`);
    }
    for (const name of names) {
      const child = `${rel}/${name}`;
      const problem = pathProblem(child);
      if (problem) return void problems.push(`${child}: payload path ${problem}`);
      const stat = lstatSync(join(bundleDir, child));
      if (stat.isDirectory()) visit(child);
      else if (stat.isFile()) out.push({ path: child, sha256: sha256(readFileSync(join(bundleDir, child))) });
      else
        problems.push(`${child}: payload holds a link or special file; bundles may hold regular files only`);
    }
  };
  visit(dir);
  return out;
}
