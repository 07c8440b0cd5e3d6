import type { KeyPath, OwnedEntry } from "../../compose/model.js";
import { canonicalJson } from "../../compose/value-hash.js";
import type { OutputCheck } from "../check.js";
import { composedFilePosition, docsServer, settingsPack, withPacks } from "./settings-fixtures.js";

/** One entry of a composed file with the component that wants it. */
interface Claim {
  component: string;
  format: string;
  entry: OwnedEntry;
}

const otherPack = { ...settingsPack, client: "other", name: "Other Assistant", guard: undefined };

export const composedValuesAgree: OutputCheck = {
  id: "AGC085",
  slug: "composed-values-agree",
  stage: "output",
  severity: "error",
  title: "Values composed into one shared file must agree",
  description:
    "Client packs compose permissions, hooks and MCP servers into files the person also edits. When two packs (or two sections of one pack) want different values at one key of one file, or one owns a whole object another composes into, the installer would keep one and lose the other.",
  hint: "Point one pack's section at another file, or make the templates write the same value.",
  get examples() {
    return {
      passing: withPacks({ "mcp.json": docsServer }, { example: settingsPack }),
      failing: withPacks(
        { "mcp.json": docsServer },
        {
          example: settingsPack,
          other: { ...otherPack, mcp: { ...settingsPack.mcp, stdio: { command: "{command}" } } },
        },
      ),
      expected: [
        'clients/other.json:55:13: error AGC085 client pack "other" and client pack "example" both compose .example/mcp.json at servers.docs with different values',
      ],
    };
  },
  *run(registry, tree) {
    const claims = new Map<string, Claim[]>();
    for (const file of tree.composed) {
      const list = claims.get(file.path) ?? [];
      for (const entry of file.entries) list.push({ component: file.component, format: file.format, entry });
      claims.set(file.path, list);
    }
    for (const [path, list] of claims) {
      for (const [a, b] of clashes(list)) {
        yield {
          position: composedFilePosition(registry, b.component, path),
          message: `${describe(b)} and ${describe(a)} both compose ${path} at ${keyText(b.entry.path)}${clashReason(a, b)}`,
        };
      }
    }
  },
};

/** Pairs of claims on one file that cannot both hold, each pair once, in file order. */
function clashes(list: Claim[]): [Claim, Claim][] {
  const found: [Claim, Claim][] = [];
  for (const [i, b] of list.entries()) {
    const a = list.slice(0, i).find((earlier) => clash(earlier, b));
    if (a) found.push([a, b]);
  }
  return found;
}

function clash(a: Claim, b: Claim): boolean {
  if (a.format !== b.format) return true;
  const same = keyText(a.entry.path) === keyText(b.entry.path);
  if (same && a.entry.element && b.entry.element) return false;
  if (same && !a.entry.element && !b.entry.element)
    return canonicalJson(a.entry.value) !== canonicalJson(b.entry.value);
  if (same) return true;
  return covers(a.entry, b.entry.path) || covers(b.entry, a.entry.path);
}

/** A whole value owns everything below its path. */
function covers(entry: OwnedEntry, path: KeyPath): boolean {
  if (entry.element || entry.path.length >= path.length) return false;
  return entry.path.every((key, i) => key === path[i]);
}

function clashReason(a: Claim, b: Claim): string {
  if (a.format !== b.format) return ` as ${b.format} and ${a.format}`;
  if (keyText(a.entry.path) !== keyText(b.entry.path))
    return ", where one owns the whole value around the other";
  if (a.entry.element !== b.entry.element) return ", one as a whole value and one as a list element";
  return " with different values";
}

function describe(claim: Claim): string {
  return `client pack "${claim.component}"`;
}

function keyText(path: KeyPath): string {
  return path.map(String).join(".");
}
