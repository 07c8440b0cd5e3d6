import assert from "node:assert/strict";
import { parse as parseToml } from "smol-toml";
import { builtinClientPacks } from "../../../src/clients/load-client-packs.js";
import { diskTree } from "../../../src/session-load/disk-tree.js";
import type { ItemKind } from "../../../src/session-load/listed-items.js";
import { frontmatterFields } from "../../../src/session-load/rule-files.js";
import { sessionLoad } from "../../../src/session-load/session-load.js";

/** A piece of text the model must see for one thing the client loads. */
export interface Expected {
  what: string;
  marker: string;
}

/** A line of a text that survives any client's wrapping: plain words, long enough to be unique. */
function markerOf(text: string): string | undefined {
  // Clients read a rule's frontmatter as settings, not as text for the model.
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, "");
  const lines = body
    .split("\n")
    .map((l) => l.replace(/^[-*#\d.\s]+/, "").trim())
    .filter((l) => l.length >= 20 && /^[A-Za-z0-9 ,.;:()'-]+$/.test(l));
  return lines.sort((a, b) => b.length - a.length)[0];
}

function description(path: string, text: string): string | undefined {
  if (path.endsWith(".toml")) {
    const value = (parseToml(text) as { description?: unknown }).description;
    return typeof value === "string" ? value : undefined;
  }
  const value = frontmatterFields(text)?.description;
  return typeof value === "string" ? value : undefined;
}

/**
 * What the pack's read model says the client loads from the installed project: one marker per text it
 * puts into every session, and the description of each listed item of the given kinds (a skill only the
 * person may start, by the pack's model_invocation_field, is not shown to the model).
 */
export function expectedLoads(
  pack: string,
  project: string,
  kinds: ItemKind[],
): { texts: Expected[]; items: Expected[] } {
  const found = builtinClientPacks().find((c) => c.pack.client === pack);
  assert.ok(found, `built-in pack ${pack}`);
  const tree = diskTree(project);
  const load = sessionLoad(found.pack, tree);
  const texts = load.texts.flatMap((t) => {
    const marker = markerOf(t.text);
    return marker ? [{ what: `${t.path} (${t.via})`, marker }] : [];
  });
  const hidden = found.pack.skill_frontmatter?.model_invocation_field;
  const onlyForPeople = (path: string) =>
    hidden !== null && hidden !== undefined && frontmatterFields(tree.text(path) ?? "")?.[hidden] === true;
  const items = load.items
    .filter((i) => kinds.includes(i.kind) && !(i.kind === "skill" && onlyForPeople(i.path)))
    .flatMap((i) => {
      const marker = description(i.path, tree.text(i.path) ?? "");
      return marker ? [{ what: `${i.kind} ${i.name} (${i.path})`, marker }] : [];
    });
  return { texts, items };
}

/** How often the model saw a marker in a request body (JSON text: the marker escaped as JSON). */
export function occurrences(body: string, marker: string): number {
  const escaped = JSON.stringify(marker).slice(1, -1);
  return body.split(escaped).length - 1;
}
