import type { AssistantImport, ItemNative } from "../model.js";
import { packInstructionFiles } from "../read-project/read-instructions.js";

/**
 * The assistants whose client pack reads a file as an always-on file of its own (one pack's root instruction
 * file that another pack also reads), found ones first: the file is read once, by the first in reading order,
 * but its rule belongs to every assistant that loads it.
 */
function ownReaders(path: string, read: AssistantImport[], found: AssistantImport[]): AssistantImport[] {
  const readers = read.filter(({ assistant }) =>
    assistant.pack ? packInstructionFiles(assistant.pack).includes(path) : false,
  );
  const first = readers.filter((r) => found.includes(r));
  return [...first, ...readers.filter((r) => !first.includes(r))];
}

/**
 * Gives each rule read from a client's own always-on file to every assistant that loads that file, so the
 * round trip stays the identity for each of them. Returns the paths of such files that a found assistant
 * loads: the build writes them for that one.
 */
export function shareOwnInstructionFiles(read: AssistantImport[], found: AssistantImport[]): Set<string> {
  const loadedByFound = new Set<string>();
  for (const { assistant, items } of read) {
    const own = assistant.pack ? packInstructionFiles(assistant.pack) : [];
    for (const rule of items.rules) {
      const native = rule.natives?.[0];
      if (!native || rule.natives?.length !== 1 || !own.includes(native.path)) continue;
      const readers = ownReaders(native.path, read, found);
      // a pack without a rule folder writes no rule into the file either: no copy is kept for it, unless no
      // found reader has one (a legacy guidelines file that is its client's only one): the first found keeps it
      const writerFound = readers.some((r) => found.includes(r) && r.assistant.pack?.rules_dir);
      const keeper = writerFound ? undefined : readers.find((r) => found.includes(r));
      rule.natives = readers.map(
        (reader): ItemNative => ({
          ...native,
          client: reader.assistant.id,
          ...(reader.assistant.pack?.rules_dir || reader === keeper ? {} : { loadsOnly: true }),
        }),
      );
      if (readers[0] && found.includes(readers[0])) loadedByFound.add(native.path);
    }
  }
  return loadedByFound;
}
