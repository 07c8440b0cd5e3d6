import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

const nativeJson = (component: string) =>
  `${JSON.stringify(
    {
      version: 1,
      files: [
        {
          path: "AGENTS.md",
          component,
          from: ["rules/style.md"],
          from_sha256: "0000000000000000000000000000000000000000000000000000000000000000",
        },
      ],
    },
    null,
    2,
  )}\n`;

export const nativeCopyWritten: InlineCheck = {
  id: "AGC190",
  slug: "native-copy-written",
  stage: "emit",
  severity: "error",
  title: "Each native copy of native.json can be written back at its own path",
  description:
    "agentc import keeps every project file it read below native/, listed in native.json with the registry files it became; while those are unchanged, the build writes the copy back in place of its own rendering, so installing into the project imported from changes nothing. A copy that names a component targets.json does not choose, a path agentc cannot install, or a missing file is an error; a copy whose registry files were edited since import is not used, and the build writes the component's own form of them (info).",
  hint: "Choose the component in targets.json, or remove the entry from native.json (and the file from native/); the build then writes the registry files in the component's own form.",
  examples: {
    passing: withBase({}),
    failing: withBase({
      "rules/style.md": "---\nscope: global\n---\n# Style\n\nUse tabs.\n",
      "native.json": nativeJson("no-such-pack"),
      "native/AGENTS.md": "# Style\n\nUse tabs.\n",
    }),
    expected: [
      "native.json:5:15: error AGC190 no-such-pack is neither a chosen client pack nor a chosen adapter of targets.json",
    ],
  },
};
