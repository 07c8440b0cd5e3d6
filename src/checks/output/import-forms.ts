import type { ImportHit as TextImport } from "../../clients/instruction-imports.js";
import type { ClientPack, InstructionImport } from "../../clients/model.js";
import type { ResolvedAdapter } from "../../registry/model.js";

/** One import form and the assistants that read it. */
export interface ImportForm extends InstructionImport {
  readers: string[];
}

/** An import found in a text by one of the merged forms. */
export type ImportHit = TextImport<ImportForm>;

/** Every form the packs and adapters declare, merged by form text (code is skipped only if all agree). */
export function importForms(
  packs: readonly { pack: Pick<ClientPack, "name" | "instruction_imports"> }[],
  adapters: readonly ResolvedAdapter[],
): ImportForm[] {
  const byForm = new Map<string, ImportForm>();
  const add = (reader: string, declared: readonly InstructionImport[] = []) => {
    for (const { form, outside_code } of declared) {
      const known = byForm.get(form) ?? { form, outside_code: true, readers: [] };
      known.outside_code = known.outside_code === true && outside_code === true;
      if (!known.readers.includes(reader)) known.readers.push(reader);
      byForm.set(form, known);
    }
  };
  for (const { pack } of packs) add(pack.name, pack.instruction_imports);
  for (const { adapter } of adapters) add(adapter.name ?? adapter.id, adapter.instruction_imports);
  return [...byForm.values()].sort((a, b) => (a.form < b.form ? -1 : a.form > b.form ? 1 : 0));
}
