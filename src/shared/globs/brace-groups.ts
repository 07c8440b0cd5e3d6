/**
 * Brace groups in globs ("*.{ts,tsx}"): a `{…}` holding a comma at its own level is a group of options;
 * other braces, and braces escaped with a backslash, are text. Every glob is parsed once, in one pass,
 * so its expansion can be counted before anything is expanded: 40 groups of two expand to 2^40 globs.
 */
export type BracePart = string | BraceGroup;

export interface BraceGroup {
  /** Each option is a glob of its own: text and groups. */
  options: BracePart[][];
}

/**
 * What clients take from one rule (seed 001): its globs share 1,000 expanded patterns and 4 MiB; past that
 * a pattern is used unexpanded and matches nothing.
 */
export const braceBudget = { patterns: 1000, bytes: 4 * 1024 * 1024 } as const;

/** An open brace while it is read: what came before it, the options so far, and whether it opened a group yet. */
interface Frame {
  before: BracePart[];
  options: BracePart[][];
  current: BracePart[];
}

/** The glob as text and brace groups, in one pass over it (unclosed and comma-less braces stay text). */
export function braceParts(glob: string): BracePart[] {
  const open: Frame[] = [];
  let current: BracePart[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? "";
    if (c === "\\") {
      addText(current, glob.slice(i, i + 2));
      i++;
    } else if (c === "{") {
      open.push({ before: current, options: [], current: [] });
      current = [];
    } else if (c === "," && open.length > 0) {
      const frame = open.at(-1) as Frame;
      frame.options.push(current);
      current = [];
    } else if (c === "}" && open.length > 0) {
      const frame = open.pop() as Frame;
      const closed = [...frame.options, current];
      current = frame.before;
      if (frame.options.length > 0) current.push({ options: closed });
      else addParts(current, ["{", ...(closed[0] ?? []), "}"]);
    } else addText(current, c);
  }
  while (open.length > 0) {
    const frame = open.pop() as Frame;
    const options = [...frame.options, current];
    current = frame.before;
    addParts(current, ["{", ...options.flatMap((option, n) => (n === 0 ? option : [",", ...option]))]);
  }
  return current;
}

function addText(parts: BracePart[], text: string): void {
  const last = parts.length - 1;
  if (typeof parts[last] === "string") parts[last] += text;
  else parts.push(text);
}

function addParts(parts: BracePart[], added: BracePart[]): void {
  for (const part of added) typeof part === "string" ? addText(parts, part) : parts.push(part);
}

/** Past this, counts stop growing: products of two stay exact and finite. */
const saturated = 1e15;

/** How many globs the brace groups expand to and their bytes together, both saturating far past any budget. */
export interface BraceExpansion {
  patterns: number;
  bytes: number;
}

/** Counted on the parsed glob, without expanding it. */
export function braceExpansion(glob: string): BraceExpansion {
  return sequence(braceParts(glob));
}

function sequence(parts: BracePart[], depth = 0): BraceExpansion {
  let patterns = 1;
  let bytes = 0;
  for (const part of parts) {
    const next =
      typeof part === "string" ? { patterns: 1, bytes: Buffer.byteLength(part) } : group(part, depth + 1);
    bytes = Math.min(saturated, bytes * next.patterns + next.bytes * patterns);
    patterns = Math.min(saturated, patterns * next.patterns);
  }
  return { patterns, bytes };
}

/**
 * Options add up. Groups nest no deeper than their count: each level adds an option, so a glob within
 * the budget recurses at most 1,000 levels; deeper nesting stops the count there.
 */
function group(part: BraceGroup, depth: number): BraceExpansion {
  if (depth > braceBudget.patterns) return { patterns: saturated, bytes: saturated };
  let patterns = 0;
  let bytes = 0;
  for (const option of part.options) {
    const counted = sequence(option, depth);
    patterns = Math.min(saturated, patterns + counted.patterns);
    bytes = Math.min(saturated, bytes + counted.bytes);
  }
  return { patterns, bytes };
}

/** Every glob the brace groups stand for, in order. Count first (braceExpansion): this builds them all. */
export function expandBraces(glob: string): string[] {
  return expandSequence(braceParts(glob));
}

function expandSequence(parts: BracePart[]): string[] {
  let globs = [""];
  for (const part of parts) {
    const endings = typeof part === "string" ? [part] : part.options.flatMap(expandSequence);
    globs = globs.flatMap((start) => endings.map((ending) => start + ending));
  }
  return globs;
}
