import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseHookLine } from "../../manifest/hook-line.js";
import { adoptLine, composedLine, hashLines, pairLine, symlinkLine } from "../../manifest/manifest-lines.js";
import { type Manifest, manifestFileName } from "../../manifest/manifest-model.js";
import { runtimePackageLine } from "../../manifest/runtime-package-line.js";
import { sha256 } from "../../shared/hash.js";
import { isObject, stringList } from "../../shared/json-shape.js";
import { parseJson } from "../../shared/nesting-limit.js";
import { pathProblem } from "../../shared/path-check.js";

export type ManifestRead =
  | { ok: true; manifest: Manifest; bytes: Buffer; sha256: string }
  | { ok: false; problems: string[] };

const componentLists = [
  "owned_dirs",
  "owned_files",
  "symlinks",
  "seeds",
  "preserve",
  "remove",
  "scaffold_dirs",
  "executables",
  "composed",
  "adopt",
];
const installLists = [
  "artifact_hashes",
  "seed_hashes",
  "seed_refresh_hashes",
  "imported_hashes",
  "tools",
  "tool_paths",
  "tool_payloads",
  "tool_payload_keep",
  "tool_purposes",
  "payload_hashes",
  "payload_executables",
  "publish_rewrites",
  "default_components",
];
const hexHash = /^[0-9a-f]{64}$/;

/** Reads and checks `<bundle>/manifest.json`: untrusted input, so every shape and every path is checked. */
export function readManifest(bundleDir: string): ManifestRead {
  const file = join(bundleDir, manifestFileName);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return fail(
      `${file}: cannot read the manifest (${(error as NodeJS.ErrnoException).code ?? "error"}); is this a folder written by 'agentc build'?`,
    );
  }
  let value: unknown;
  try {
    value = parseJson(bytes.toString("utf8"));
  } catch (error) {
    return fail(`${file}: ${jsonProblem(bytes.toString("utf8"), error as Error)}`);
  }
  const problems = shapeProblems(value).map((p) => `${file}: ${p}`);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, manifest: value as Manifest, bytes, sha256: sha256(bytes) };
}

function fail(problem: string): ManifestRead {
  return { ok: false, problems: [problem] };
}

function jsonProblem(text: string, error: Error): string {
  const at = /position (\d+)/.exec(error.message);
  const offset = at ? Number(at[1]) : text.length;
  const before = text.slice(0, offset).split("\n");
  const where = `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
  const truncated = !at || offset >= text.trimEnd().length ? " (the file looks truncated)" : "";
  return `${where}: not valid JSON${truncated}: ${error.message}; rebuild the bundle with 'agentc build'`;
}

function shapeProblems(value: unknown): string[] {
  if (!isObject(value)) return ["expected a JSON object at the top level"];
  if (typeof value.version !== "number") return ['expected "version": 1'];
  if (value.version > 1)
    return [
      `"version": ${value.version} was made by a newer agentc; this one reads version 1 — upgrade agentc`,
    ];
  if (value.version !== 1) return [`unexpected "version": ${value.version}, expected 1`];
  if (typeof value.registry_version !== "string") return ['expected "registry_version" to be a string'];
  if (!stringList(value.artifacts)) return ['expected "artifacts" to be a list of strings'];
  const install = value.install;
  if (!isObject(install) || !isObject(install.components))
    return ['expected "install.components" to be an object'];
  const problems: string[] = [];
  for (const key of installLists)
    if (install[key] !== undefined && !stringList(install[key]))
      problems.push(`expected "install.${key}" to be a list of strings`);
  for (const [id, component] of Object.entries(install.components))
    problems.push(...componentProblems(id, component));
  problems.push(...withProblems(install.components));
  if (problems.length > 0) return problems;
  return pathProblems(value as unknown as Manifest);
}

function componentProblems(id: string, component: unknown): string[] {
  const where = `install.components.${id}`;
  if (!isObject(component)) return [`expected "${where}" to be an object`];
  const problems = componentLists
    .filter((key) => component[key] !== undefined && !stringList(component[key]))
    .map((key) => `expected "${where}.${key}" to be a list of strings`);
  if (component.required !== undefined && typeof component.required !== "boolean")
    problems.push(`expected "${where}.required" to be true or false`);
  if (component.capability !== undefined) problems.push(...capabilityProblems(where, component.capability));
  return problems;
}

/** A joint component's `with`: other components that exist and are not joint themselves. */
function withProblems(components: Record<string, unknown>): string[] {
  const withOf = (component: unknown) => (isObject(component) ? component.with : undefined);
  return Object.entries(components).flatMap(([id, component]) => {
    const names = withOf(component);
    if (names === undefined) return [];
    const at = `install.components.${id}.with`;
    if (!stringList(names) || names.length === 0)
      return [
        `expected "${at}" to be a non-empty list of component ids; rebuild the bundle with 'agentc build'`,
      ];
    return names.flatMap((name) => {
      const why =
        name === id
          ? "is the component itself"
          : !Object.hasOwn(components, name)
            ? "is no component of this bundle"
            : withOf(components[name]) !== undefined
              ? 'is itself a joint component (one with "with")'
              : undefined;
      return why ? [`${at}: ${JSON.stringify(name)} ${why}; rebuild the bundle with 'agentc build'`] : [];
    });
  });
}

/** The optional capability block: bundles made before it have none. */
function capabilityProblems(where: string, capability: unknown): string[] {
  const at = `${where}.capability`;
  if (!isObject(capability)) return [`expected "${at}" to be an object`];
  const problems = [
    ...["id", "version", "home", "layer"]
      .filter((key) => typeof capability[key] !== "string")
      .map((key) => `expected "${at}.${key}" to be a string`),
    ...["environment", "hooks"]
      .filter((key) => !stringList(capability[key]))
      .map((key) => `expected "${at}.${key}" to be a list of strings`),
  ];
  if (capability.runtime_packages !== undefined && !stringList(capability.runtime_packages))
    problems.push(`expected "${at}.runtime_packages" to be a list of strings`);
  if (problems.length > 0) return problems;
  const packages = ((capability.runtime_packages ?? []) as string[])
    .filter((line) => runtimePackageLine(line) === undefined)
    .map(
      (line) =>
        `${at}.runtime_packages: expected "<runtime> :: <package> :: <install url> :: <marketplace> :: <why>", got ${JSON.stringify(line)}`,
    );
  return (capability.hooks as string[])
    .filter((line) => parseHookLine(line) === undefined)
    .map(
      (line) =>
        `${at}.hooks: expected "<event> :: required|optional :: <command>" (only spawn may be required), got ${JSON.stringify(line)}; rebuild the bundle with 'agentc build'`,
    )
    .concat(packages);
}

function pathProblems(manifest: Manifest): string[] {
  const out: string[] = [];
  const artifactHashes = hashLines(manifest.install.artifact_hashes ?? []);
  const safe = new Set<string>();
  const check = (where: string, path: string): void => {
    if (safe.has(path)) return;
    const problem = pathProblem(path);
    if (!problem) safe.add(path);
    else out.push(`${where}: path ${JSON.stringify(path)} ${problem}; the bundle is rejected`);
  };
  for (const path of manifest.artifacts) check("artifacts", path);
  for (const [id, c] of Object.entries(manifest.install.components)) {
    const where = `install.components.${id}`;
    for (const key of [
      "owned_dirs",
      "owned_files",
      "seeds",
      "remove",
      "scaffold_dirs",
      "executables",
    ] as const)
      for (const path of c[key] ?? []) check(`${where}.${key}`, path);
    if (c.capability) check(`${where}.capability.home`, c.capability.home);
    for (const line of c.symlinks ?? []) {
      const link = symlinkLine(line);
      if (!link)
        out.push(
          `${where}.symlinks: expected "link :: target :: copy|import:<text>", got ${JSON.stringify(line)}`,
        );
      else for (const path of [link.link, link.target]) check(`${where}.symlinks`, path);
    }
    out.push(...composedProblems(where, c.composed ?? [], artifactHashes, check));
    for (const line of c.adopt ?? []) {
      const adopt = adoptLine(line);
      if (!adopt)
        out.push(
          `${where}.adopt: expected "<path> :: block" or "<path> :: import:<text>[ :: <path>,...]", got ${JSON.stringify(line)}`,
        );
      else
        for (const path of [adopt.path, ...(adopt.how.kind === "import" ? adopt.how.when : [])])
          check(`${where}.adopt`, path);
    }
    for (const pattern of c.preserve ?? [])
      if (/(^|\/)\.\.(\/|$)|^\//.test(pattern) || pattern.includes("\0"))
        out.push(`${where}.preserve: pattern ${JSON.stringify(pattern)} leaves its folder`);
  }
  const install = manifest.install;
  for (const key of ["artifact_hashes", "seed_hashes", "seed_refresh_hashes", "imported_hashes"] as const)
    for (const [path, hashes] of hashLines(install[key] ?? [])) {
      check(`install.${key}`, path);
      for (const h of hashes)
        if (!hexHash.test(h)) out.push(`install.${key}: ${JSON.stringify(h)} is not a sha256 hex digest`);
    }
  for (const key of ["tool_paths", "tool_payloads", "tool_payload_keep"] as const)
    for (const line of install[key] ?? []) {
      const [, path] = pairLine(line) ?? [];
      if (path === undefined)
        out.push(`install.${key}: expected "name :: path", got ${JSON.stringify(line)}`);
      else check(`install.${key}`, path);
    }
  out.push(...payloadProblems(install, check));
  return out;
}

/** Captured payload files lie inside a payload folder, each with a sha256; executables are among them. */
function payloadProblems(
  install: Manifest["install"],
  check: (where: string, path: string) => void,
): string[] {
  const out: string[] = [];
  const folders = (install.tool_payloads ?? []).map((line) => pairLine(line)?.[1] ?? "");
  const hashed = new Set<string>();
  for (const [path, hashes] of hashLines(install.payload_hashes ?? [])) {
    check("install.payload_hashes", path);
    hashed.add(path);
    if (!folders.some((dir) => dir !== "" && path.startsWith(`${dir}/`)))
      out.push(`install.payload_hashes: ${JSON.stringify(path)} is in no folder of tool_payloads`);
    if (hashes.length !== 1 || !hexHash.test(hashes[0] ?? ""))
      out.push(`install.payload_hashes: ${JSON.stringify(path)} needs exactly one sha256 hex digest`);
  }
  for (const path of install.payload_executables ?? [])
    if (!hashed.has(path))
      out.push(`install.payload_executables: ${JSON.stringify(path)} has no payload hash`);
  return out;
}

/** Each line well formed, both paths safe, and the fragment carried with a hash (its integrity). */
function composedProblems(
  where: string,
  lines: readonly string[],
  artifactHashes: Map<string, string[]>,
  check: (where: string, path: string) => void,
): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const composed = composedLine(line);
    if (!composed) {
      out.push(
        `${where}.composed: expected "<project path> :: json|toml :: <fragment path>", got ${JSON.stringify(line)}; rebuild the bundle with 'agentc build'`,
      );
      continue;
    }
    check(`${where}.composed`, composed.path);
    check(`${where}.composed`, composed.fragment);
    if (!artifactHashes.has(composed.fragment))
      out.push(
        `${where}.composed: the fragment ${JSON.stringify(composed.fragment)} has no hash in install.artifact_hashes; the bundle is rejected`,
      );
  }
  return out;
}
