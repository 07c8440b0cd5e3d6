import type { Desired } from "../../manifest/desired.js";
import { foldedKey } from "../../shared/path-check.js";
import { agentcDirProblem } from "../model/agentc-dir.js";

/** One project path the chosen components install whole, or a folder one of them owns. */
interface Claim {
  path: string;
  component: string;
  role: "owned file" | "seed" | "link" | "owned folder";
}

const rejected = "the bundle is rejected; rebuild it with 'agentc build'";
const shownLimit = 50;

/**
 * What a crafted manifest could make the planner do twice or in agentc's own folder, checked before planning:
 * a path installed by two components or in two roles (owned and a seed, a file and a link), a path below a
 * file another entry installs, a path inside another component's owned folder, and any path in `.agentc/`.
 * Paths are compared case-folded: two spellings are one file on macOS and Windows.
 */
export function ownershipProblems(desired: Desired): string[] {
  const out = reservedProblems(desired);
  const whole = new Map<string, Claim>();
  for (const claim of wholeClaims(desired)) {
    const other = whole.get(foldedKey(claim.path));
    if (other) out.push(twice(claim, other));
    else whole.set(foldedKey(claim.path), claim);
  }
  const dirs = new Map<string, Claim>();
  for (const dir of desired.ownedDirs) {
    const claim: Claim = { ...dir, role: "owned folder" };
    const other = dirs.get(foldedKey(dir.path)) ?? whole.get(foldedKey(dir.path));
    if (other && (other.component !== dir.component || other.role !== "owned folder"))
      out.push(twice(claim, other));
    else dirs.set(foldedKey(dir.path), claim);
  }
  for (const claim of [...whole.values(), ...dirs.values()]) out.push(...nestingProblems(claim, whole, dirs));
  if (out.length <= shownLimit) return out;
  return [...out.slice(0, shownLimit), `and ${out.length - shownLimit} more ownership problems; ${rejected}`];
}

function wholeClaims(desired: Desired): Claim[] {
  return [
    ...desired.files.map(
      (f): Claim => ({
        path: f.path,
        component: f.component,
        role: f.role === "seed" ? "seed" : "owned file",
      }),
    ),
    ...desired.links.map((l): Claim => ({ path: l.path, component: l.component, role: "link" })),
  ];
}

function twice(claim: Claim, other: Claim): string {
  const same = claim.path === other.path ? "" : ` (as "${other.path}": the same file where case is folded)`;
  return `${claim.path}: installed by component ${claim.component} (${claim.role}) and by component ${other.component} (${other.role})${same}; a path belongs to one component in one role — ${rejected}`;
}

/** A claim below a file or link another entry installs, or inside another component's owned folder. */
function nestingProblems(claim: Claim, whole: Map<string, Claim>, dirs: Map<string, Claim>): string[] {
  const out: string[] = [];
  for (let end = claim.path.indexOf("/"); end > 0; end = claim.path.indexOf("/", end + 1)) {
    const key = foldedKey(claim.path.slice(0, end));
    const file = whole.get(key);
    if (file)
      out.push(
        `${claim.path}: ${claim.role} of component ${claim.component} lies below ${file.path}, ${withArticle(file.role)} of component ${file.component}; ${rejected}`,
      );
    const dir = dirs.get(key);
    if (dir && dir.component !== claim.component)
      out.push(
        `${claim.path}: ${claim.role} of component ${claim.component} lies inside ${dir.path}, the owned folder of component ${dir.component}; ${rejected}`,
      );
  }
  return out;
}

const withArticle = (role: Claim["role"]): string => (role.startsWith("o") ? `an ${role}` : `a ${role}`);

/** Every project path the chosen components write, remove or compose into, checked against `.agentc/`. */
function reservedProblems(desired: Desired): string[] {
  return [...new Set(desiredPaths(desired))].flatMap((path) => {
    const problem = agentcDirProblem(path);
    return problem ? [`${path}: ${problem}; ${rejected}`] : [];
  });
}

/** Every project path the chosen components write, remove or compose into. */
export function desiredPaths(desired: Desired): string[] {
  return [
    ...desired.files.map((f) => f.path),
    ...desired.links.flatMap((l) => [l.path, l.target]),
    ...desired.ownedDirs.map((d) => d.path),
    ...desired.scaffold.map((s) => s.path),
    ...desired.removes.map((r) => r.path),
    ...desired.composedLines.map((c) => c.path),
    ...desired.keepDirs,
    ...desired.capabilityHomes.map((h) => h.path),
  ];
}
