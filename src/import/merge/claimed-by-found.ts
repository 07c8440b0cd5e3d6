import type { AssistantImport, ImportedItems, ItemNative } from "../model.js";
import { placeSharers } from "../native-places.js";

type Item = ImportedItems["rules" | "skills" | "agents" | "commands"][number];

/**
 * A file in a folder several assistants read (`.agents/skills`) is read once, by the first of them in reading
 * order, which may be one the project does not use (earlier in the alphabet than those it does): its item
 * was theirs alone, so the build wrote it for no chosen client and an edit of it in the registry never
 * reached the project. Such a file is also the found assistants' whose data names the same place: each gets
 * the native, also where another found assistant read the item from a file of its own (a skill in both
 * `.github/skills` and `.agents/skills`).
 */
export function claimedByFound(
  items: ImportedItems,
  read: AssistantImport[],
  found: AssistantImport[],
  shared: string | undefined,
): ImportedItems {
  const foundClients = new Set(found.flatMap((r) => (r.assistant.pack ? [r.assistant.pack.client] : [])));
  const claim = <T extends Item>(item: T): T => {
    const natives = item.natives ?? [];
    const has = (client: string, path: string) => natives.some((n) => n.client === client && n.path === path);
    const added: ItemNative[] = natives.flatMap((native) =>
      native.linked || foundClients.has(native.client)
        ? []
        : placeSharers(native.path, read, shared)
            .filter((id) => foundClients.has(id) && !has(id, native.path))
            .map((client) => ({ ...native, client })),
    );
    return added.length === 0 ? item : { ...item, natives: [...natives, ...added] };
  };
  return {
    ...items,
    rules: items.rules.map(claim),
    skills: items.skills.map(claim),
    agents: items.agents.map(claim),
    commands: items.commands.map(claim),
  };
}
