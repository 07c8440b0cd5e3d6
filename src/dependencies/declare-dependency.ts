import { findNodeAtLocation, parseTree } from "jsonc-parser";
import { AgentcError } from "../shared/agentc-error.js";
import type { DependencyDeclaration } from "./declaration.js";
import { gitUrlProblem } from "./git-source.js";
import type { DependencyKind } from "./model.js";

const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** What `agentc add` was given besides the source. */
export interface AddRequest {
  source: string;
  name?: string;
  kind?: DependencyKind;
  ref?: string;
  path?: string;
  provides?: DependencyDeclaration["provides"];
  npmRegistry?: string;
  plugin?: string;
}

/** The declaration `agentc add` writes: `npm:<package>` is an npm package, a git URL a git repository. */
export function declarationOf(request: AddRequest): DependencyDeclaration {
  const npmSpec = request.source.startsWith("npm:") ? request.source.slice(4) : undefined;
  const kind = request.kind ?? (npmSpec !== undefined ? "npm" : kindOfUrl(request.source));
  const source = npmSpec ?? request.source;
  const name = request.name ?? request.plugin ?? defaultName(source);
  if (!namePattern.test(name))
    throw new AgentcError(
      "dependency",
      `"${name}" cannot name a dependency`,
      "Give --name: letters, digits, '.', '_' and '-'.",
    );
  return {
    name,
    kind,
    source,
    ...(request.ref !== undefined ? { ref: request.ref } : {}),
    ...(request.path !== undefined ? { path: request.path } : {}),
    ...(request.provides !== undefined ? { provides: request.provides } : {}),
    ...(request.npmRegistry !== undefined ? { npm_registry: request.npmRegistry } : {}),
    ...(request.plugin !== undefined ? { plugin: request.plugin } : {}),
  };
}

function kindOfUrl(source: string): DependencyKind {
  if (source.startsWith("oci://")) return "registry";
  if (/^https?:\/\/.*\.(tar\.gz|tgz)$/.test(source)) return "url";
  if (gitUrlProblem(source) === undefined) return "git";
  throw new AgentcError(
    "dependency",
    `cannot tell what kind of source "${source}" is`,
    "Give a git URL (https://…, git://…, file://…), an oci:// reference, npm:<package>, or --kind.",
  );
}

/** The last part of a URL or package name, less ".git" and an npm scope. */
function defaultName(source: string): string {
  const last = source.replace(/\/+$/, "").split(/[/:]/).pop() ?? source;
  return last.replace(/\.git$/, "");
}

/** sources.json with the declaration appended to `dependencies`; every other byte stays as it was. */
export function withDependency(
  text: string,
  current: readonly DependencyDeclaration[],
  added: DependencyDeclaration,
): string {
  if (current.some((d) => d.name === added.name))
    throw new AgentcError(
      "dependency",
      `sources.json already declares a dependency named "${added.name}"`,
      "Give another --name, or run 'agentc update <name>' to move the one there.",
    );
  const root = parseTree(text);
  const list = root && findNodeAtLocation(root, ["dependencies"]);
  const entry = indented(JSON.stringify(added, null, 2), "    ");
  const inList = list?.children?.at(-1);
  if (inList) return insertAt(text, inList.offset + inList.length, `,\n    ${entry}`);
  if (list) return insertAt(text, list.offset + 1, `\n    ${entry}\n  `);
  const last = root?.children?.at(-1);
  if (!last)
    throw new AgentcError("dependency", "sources.json has no properties", "Run 'agentc init' first.");
  return insertAt(text, last.offset + last.length, `,\n  "dependencies": [\n    ${entry}\n  ]`);
}

const insertAt = (text: string, at: number, insert: string): string =>
  `${text.slice(0, at)}${insert}${text.slice(at)}`;

/** Every line but the first moved right by `by`. */
const indented = (json: string, by: string): string => json.split("\n").join(`\n${by}`);
