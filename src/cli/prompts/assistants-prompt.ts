import type { Assistant } from "../../registry/assistants.js";

/** The multi-select of `agentc init` on a terminal: which assistants the team uses (at least one). */
export async function promptAssistants(all: Assistant[]): Promise<string[] | undefined> {
  const { isCancel, multiselect } = await import("@clack/prompts");
  const picked = await multiselect({
    message: "Which assistants does your team use? (space toggles, enter confirms)",
    options: all.map((a) => ({ value: a.id, label: a.name, hint: a.id })),
    required: true,
  });
  if (isCancel(picked)) return undefined;
  return picked;
}
