import { nearestName } from "../shared/nearest-name.js";
import type { CliOption } from "./cli-option.js";
import { UsageError } from "./command.js";

/** --clients a,b: which clients the command looks at (`text`), all of `fallback` when not given. */
export function clientsOptions(text: string, fallback: string): Record<"clients", CliOption> {
  return { clients: { value: "a,b", text, default: fallback } };
}

/** Which clients an error lists as the ones to choose from: "active client packs", and what to say when none is. */
export interface KnownClients {
  ids: readonly string[];
  label: string;
  none: string;
}

/**
 * The clients a `--clients a,b` value names, each one of `known` (all of them when the option is not
 * given); an unknown id is a usage error with the nearest known id.
 */
export function chosenClients(option: unknown, { ids: known, label, none }: KnownClients): string[] {
  if (typeof option !== "string") return [...known];
  const wanted = option
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
  const unknown = wanted.filter((id) => !known.includes(id));
  if (wanted.length === 0 || unknown.length > 0) {
    const list = known.length > 0 ? known.join(", ") : none;
    const named = unknown.map((id) => {
      const near = nearestName(id, known);
      return `"${id}"${near ? ` (did you mean "${near}"?)` : ""}`;
    });
    throw new UsageError(
      `--clients names ${named.length > 0 ? `unknown client ${named.join(", ")}` : "no client"}; ${label}: ${list}`,
    );
  }
  return [...new Set(wanted)];
}
