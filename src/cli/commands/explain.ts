import { allChecks, findCheck } from "../../check-list/index.js";
import { renderCheckDoc } from "../../checks/check-doc.js";
import type { CheckMeta } from "../../diagnostics/check-meta.js";
import { didYouMean } from "../../shared/nearest-name.js";
import { type Command, exitCodes, UsageError } from "../command.js";
import { explainHelp } from "../help/explain.js";
import { markdownForTerminal } from "../report/markdown-terminal.js";
import { wrapLine, wrapWidth } from "../wrap.js";

export const explainCommand: Command = {
  name: "explain",
  summary: "print the documentation of one check (or list them all)",
  maxPositionals: 1,
  formats: ["pretty", "json"],
  help: explainHelp,
  async run(args, io) {
    const wanted = args.positionals[0];
    const json = args.values.format === "json";
    if (!wanted) {
      if (json)
        io.out(
          JSON.stringify(
            allChecks.map(({ id, slug, severity, title }) => ({ id, slug, severity, title })),
            null,
            2,
          ),
        );
      else io.out(allChecks.map((c) => checkLine(c, wrapWidth(io.columns))).join("\n"));
      return exitCodes.ok;
    }
    const check = findCheck(wanted);
    if (!check) {
      // Near ids are other checks, not typos: only a slug gets a did-you-mean.
      const near = /^agc\d+$/i.test(wanted)
        ? ""
        : didYouMean(
            wanted.toLowerCase(),
            allChecks.map((c) => c.slug),
          );
      throw new UsageError(`unknown check "${wanted}"; ${near}run 'agentc explain' to list them`);
    }
    if (json) {
      const { id, slug, severity, title, description, hint, examples } = check;
      io.out(JSON.stringify({ id, slug, severity, title, description, hint, examples }, null, 2));
    } else {
      const width = wrapWidth(io.columns);
      const doc = renderCheckDoc(check);
      io.out(width === undefined ? doc : markdownForTerminal(doc, width));
    }
    return exitCodes.ok;
  },
};

/** "AGC001  error    slug: title", on a terminal wrapped under the slug. */
function checkLine(check: CheckMeta, width: number | undefined): string {
  const head = `${check.id}  ${check.severity.padEnd(7)}  `;
  const line = `${head}${check.slug}: ${check.title}`;
  return width === undefined ? line : wrapLine(line, width, head.length).join("\n");
}
