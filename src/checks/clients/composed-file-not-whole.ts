import type { OutputCheck } from "../check.js";
import { composedFilePosition, docsServer, settingsPack, withPacks } from "./settings-fixtures.js";

export const composedFileNotWhole: OutputCheck = {
  id: "AGC086",
  slug: "composed-file-not-whole",
  stage: "output",
  severity: "error",
  title: "A file agentc composes into is not also written whole",
  description:
    "Permissions, hooks and MCP servers are composed key by key into the client's shared file, so the person's own keys survive. When the build also writes that path as a whole file (a shared_core or shared_seed mapping, an adapter seed or asset), the two disagree about who owns the file: a whole owned file would replace the person's keys on every update, and a seed would be written once and then composed into. Composition is the safe one; say which you mean.",
  hint: "Remove the whole-file mapping for this path and let the pack compose into it, or point the pack's permissions/hooks/mcp file elsewhere.",
  get examples() {
    return {
      passing: withPacks({ "mcp.json": docsServer }, { example: settingsPack }),
      failing: {
        ...withPacks(
          { "mcp.json": docsServer },
          { example: { ...settingsPack, shared_core: [{ src: "servers.json", dst: ".example/mcp.json" }] } },
        ),
        "servers.json": '{ "servers": {} }\n',
      },
      expected: [
        'clients/example.json:60:13: error AGC086 Client pack "example" composes values into .example/mcp.json, which "example" also writes as a whole file',
      ],
    };
  },
  *run(registry, tree) {
    const whole = new Map(tree.files.map((file) => [file.path, file]));
    const reported = new Set<string>();
    for (const composed of tree.composed) {
      const file = whole.get(composed.path);
      if (!file || reported.has(composed.path)) continue;
      reported.add(composed.path);
      const kind = file.role === "seed" ? "seeds" : "writes";
      yield {
        position: composedFilePosition(registry, composed.component, composed.path),
        message: `Client pack "${composed.component}" composes values into ${composed.path}, which "${file.component}" also ${kind} as a whole file`,
      };
    }
  },
};
