import { renderCheckDoc } from "../../checks/check-doc.js";
import { allChecks, findCheck } from "../../checks/index.js";
import { didYouMean } from "../../shared/nearest-name.js";
import { type Command, exitCodes, UsageError } from "../command.js";
import { explainHelp } from "../help/explain.js";

export const explainCommand: Command = {
  name: "explain",
  summary: "print the documentation of one check (or list them all)",
  usage: "agentc explain <AGCnnn | slug> [--format pretty|json]",
  options: {},
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
      else io.out(allChecks.map((c) => `${c.id}  ${c.severity.padEnd(7)}  ${c.slug}: ${c.title}`).join("\n"));
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
    } else io.out(renderCheckDoc(check));
    return exitCodes.ok;
  },
};
