import { BundleError } from "../../install/bundle/bundle-error.js";
import { PackError } from "../../packaging/pack-error.js";
import { type Command, exitCodes, UsageError } from "../command.js";
import { publishHelp } from "../help/publish.js";

export const publishCommand: Command = {
  name: "publish",
  summary: "push a build or bundle to an OCI registry as an agentc artifact (oci://HOST/REPO:TAG)",
  usage: "agentc publish <build-dir | bundle.zip> oci://HOST/REPO:TAG [--format pretty|json] [--quiet]",
  options: {},
  formats: ["pretty", "json"],
  help: publishHelp,
  maxPositionals: 2,
  async run(args, io) {
    const [origin, target] = args.positionals;
    if (!origin || !target)
      throw new UsageError("give what to publish and where: <build-dir | bundle.zip> oci://HOST/REPO:TAG");
    if (!/^oci:\/\//i.test(target))
      throw new UsageError(`${target}: publish to an OCI registry, oci://HOST/REPO:TAG`);
    const { publishOci } = await import("../../distribute/oci/oci-publish.js");
    try {
      const published = await publishOci(origin, target);
      if (args.values.format === "json") io.out(JSON.stringify(published, null, 2));
      else if (args.values.quiet !== true)
        io.out(
          `published ${published.version} to ${published.reference}\ndigest ${published.digest}  (install it pinned: agentc install ${published.reference.replace(/:[^:/]+$/, "")}@${published.digest})`,
        );
      return exitCodes.ok;
    } catch (error) {
      if (!(error instanceof BundleError || error instanceof PackError)) {
        if (typeof (error as NodeJS.ErrnoException).code !== "string") throw error;
        io.err(
          `agentc publish: cannot read ${origin}: ${(error as Error).message}\n  hint: give a build folder or a bundle .zip`,
        );
        return exitCodes.inputErrors;
      }
      io.err(`agentc publish: ${error.message}\n  hint: ${error.hint}`);
      return exitCodes.inputErrors;
    }
  },
};
