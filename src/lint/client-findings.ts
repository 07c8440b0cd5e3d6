import type { Diagnostic } from "../diagnostics/diagnostic.js";

/**
 * Findings that several clients make at one place (a glob both Claude Code and Copilot read): one
 * diagnostic naming every client, in the order they were found, instead of one per client.
 */
export class ClientFindings {
  readonly #found = new Map<string, { clients: string[]; make: (who: string) => Diagnostic }>();

  /** `key`: what the finding is, without the client; `make`: the diagnostic for the clients' names. */
  add(key: string, client: string, make: (who: string) => Diagnostic): void {
    const found = this.#found.get(key);
    if (!found) this.#found.set(key, { clients: [client], make });
    else if (!found.clients.includes(client)) found.clients.push(client);
  }

  list(): Diagnostic[] {
    return [...this.#found.values()].map(({ clients, make }) => make(namesList(clients)));
  }
}

/** "A", "A and B", "A, B and C". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The verb's -s for one client ("Cursor reads"), none for several ("Cursor and Windsurf read"). */
export function plural(who: string): string {
  return who.includes(" and ") ? "" : "s";
}
