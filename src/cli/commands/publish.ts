import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Published } from "../../distribute/oci/oci-publish.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { type Command, type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { publishHelp } from "../help/publish.js";
import { commandMessage } from "../report/command-message.js";

export const publishCommand: Command = {
  name: "publish",
  summary: "push a build or bundle to an OCI registry as an agentc artifact (oci://HOST/REPO:TAG)",
  formats: ["pretty", "json"],
  help: publishHelp,
  maxPositionals: 2,
  async run(args, io) {
    const [origin, target] = args.positionals;
    if (!origin || !target)
      throw new UsageError("give what to publish and where: <build-dir | bundle.zip> oci://HOST/REPO:TAG");
    if (!/^oci:\/\//i.test(target))
      throw new UsageError(`${target}: publish to an OCI registry, oci://HOST/REPO:TAG`);
    if (isRegistryFolder(origin)) return publishRegistry(origin, target, args, io);
    const { publishOci } = await import("../../distribute/oci/oci-publish.js");
    try {
      const signingKey = typeof args.values.sign === "string" ? { signingKey: args.values.sign } : {};
      const anyTag = args.values["any-tag"] === true ? { anyTag: true } : {};
      const published = await publishOci(origin, target, process.env, { ...signingKey, ...anyTag });
      if (args.values.format === "json") io.out(JSON.stringify(published, null, 2));
      else if (args.values.quiet !== true)
        io.out(
          [
            `published ${published.version} to ${published.reference}`,
            `digest ${published.digest}  (install it pinned: agentc install ${published.reference.replace(/:[^:/]+$/, "")}@${published.digest})`,
            ...signatureLines(published),
          ].join("\n"),
        );
      return exitCodes.ok;
    } catch (error) {
      if (!(error instanceof AgentcError)) {
        if (typeof (error as NodeJS.ErrnoException).code !== "string") throw error;
        io.err(
          commandMessage("publish", {
            message: `cannot read ${origin}: ${(error as Error).message}`,
            hint: "give a build folder or a bundle .zip",
          }),
        );
        return exitCodes.inputErrors;
      }
      io.err(commandMessage("publish", error));
      return exitCodes.inputErrors;
    }
  },
};

/** A registry's own folder (sources.json, no manifest.json): published for other registries to build on. */
function isRegistryFolder(origin: string): boolean {
  return existsSync(join(origin, "sources.json")) && !existsSync(join(origin, "manifest.json"));
}

async function publishRegistry(
  origin: string,
  target: string,
  args: ParsedArgs,
  io: CommandIo,
): Promise<number> {
  const { publishRegistrySource } = await import("../../distribute/oci/oci-registry-source.js");
  try {
    const published = await publishRegistrySource(origin, target);
    if (args.values.format === "json") io.out(JSON.stringify(published, null, 2));
    else if (args.values.quiet !== true)
      io.out(
        `published the registry ${origin} (${published.files} files) to ${published.reference}\ndigest ${published.digest}  (other registries depend on it: "kind": "registry", "source": "${published.reference}")`,
      );
    return exitCodes.ok;
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    io.err(commandMessage("publish", error));
    return exitCodes.inputErrors;
  }
}

/** The signature pushed with the bundle: its key, its referrer, and the fallback tag where the registry needed one. */
function signatureLines(published: Published): string[] {
  const signature = published.signature;
  if (!signature) return [];
  const listed = signature.fallbackTag
    ? `; listed under the tag ${signature.fallbackTag}, as the registry has no referrers API`
    : "";
  return [`signed by ${signature.signer}  (referrer ${signature.digest}${listed})`];
}
