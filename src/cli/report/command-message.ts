/** Something a command says about itself on stderr: a failure (with what to do), a warning or a note. */
export interface CommandMessage {
  message: string;
  /** What to do about it, on a line of its own. */
  hint?: string | undefined;
  /** The command's usage line, shown with a usage error. */
  usage?: string;
  kind?: "warning" | "note";
}

/**
 * The one form of every such text: `agentc <command>: [warning: ]<message>`, then `usage: ...` and
 * `  hint: ...` when given. An AgentcError or a UsageError is a CommandMessage as it is. `command` may be
 * empty (agentc itself) or more than a name ("build --watch").
 */
export function commandMessage(command: string, { message, hint, usage, kind }: CommandMessage): string {
  const head = `agentc${command === "" ? "" : ` ${command}`}: ${kind ? `${kind}: ` : ""}${message}`;
  return [head, ...(usage ? [`usage: ${usage}`] : []), ...(hint ? [`  hint: ${hint}`] : [])].join("\n");
}
