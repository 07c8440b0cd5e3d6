import type { Section } from "../section.js";
import { emitAgents } from "./emit.js";
import type { AgentsPack } from "./model.js";
import { readPackAgents } from "./read.js";

/** Agents: core/agents as the pack's subagent files, Markdown with frontmatter or TOML. */
export const agentsSection: Section<AgentsPack> = {
  name: "agents",
  keys: ["agents_dir", "agent_frontmatter"],
  rank: 30,
  matrix: [{ kind: "agent-tools", title: "Agent tool limits", rank: 50 }],
  items: {
    emit: emitAgents,
    read: readPackAgents,
    loads: {
      key: "agents",
      kind: "agent",
      written: (pack) => ({ dir: pack.agents_dir, extension: pack.agent_frontmatter?.extension }),
    },
  },
  merge: { kind: "agent", verbNames: (pack) => pack.agent_frontmatter?.tool_names ?? {} },
};
