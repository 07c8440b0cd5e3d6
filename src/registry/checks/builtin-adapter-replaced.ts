import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { agentsMdAdapter, withBase } from "../../diagnostics/fixture-base.js";

const teamFile = { ...agentsMdAdapter, id: "team-file" };

export const builtinAdapterReplaced: InlineCheck = {
  id: "AGC130",
  slug: "builtin-adapter-replaced",
  stage: "load",
  severity: "info",
  title: "A registry's own adapters replace the built-ins they would collide with",
  description:
    "A targets[] adapter whose id is no built-in is the registry's own. With neither builtin_adapters nor assistants in targets.json, such a registry uses no built-in adapter at all (seed 000: targets[] is the list of formats). When built-ins are chosen, each one that writes the same kind of file in the same place as an own adapter (a second single_file always-on file, an equal or nested output folder) is left out. The build says in one line what was left out.",
  hint: "Nothing to do if that is what you meant; to add built-ins, name them in builtin_adapters or choose assistants in targets.json.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "targets.json": `${JSON.stringify({ version: 1, targets: [teamFile] }, null, 2)}\n`,
      }),
      expected: [
        'targets.json:3:3: info AGC130 targets[] defines adapters of its own ("team-file"), so none of the 17 built-in adapters is used',
      ],
    };
  },
};

/**
 * targets[]'s own adapters (`ownIds`) replacing built-in ones: all `builtins` when no assistant was chosen
 * (`implicit`), else the chosen built-in adapters in `leftOut` that write the same files.
 */
export function replacedBuiltinsFinding(
  ownIds: string[],
  implicit: { builtins: number } | undefined,
  leftOut: string[],
  position: () => Position,
): Diagnostic | undefined {
  if (ownIds.length === 0) return undefined;
  const own = ownIds.map((id) => `"${id}"`).join(", ");
  if (implicit)
    return diagnostic(builtinAdapterReplaced, {
      position: position(),
      message: `targets[] defines adapters of its own (${own}), so none of the ${implicit.builtins} built-in adapters is used`,
    });
  if (leftOut.length === 0) return undefined;
  const left = leftOut.map((id) => `"${id}"`);
  return diagnostic(builtinAdapterReplaced, {
    position: position(),
    message: `built-in adapter${left.length === 1 ? "" : "s"} ${left.join(", ")} left out: targets[] adapters ${own} write the same files`,
  });
}
