import { parseArgs } from "node:util";
import { nearestName } from "../shared/nearest-name.js";
import { type Command, type OptionSpec, type ParsedArgs, UsageError } from "./command.js";
import { commonOptions } from "./common-options.js";

type Token = NonNullable<ReturnType<typeof parseArgs>["tokens"]>[number];
type OptionToken = Extract<Token, { kind: "option" }>;

/**
 * The command's arguments, or a UsageError in agentc's words: an unknown option with the nearest known
 * one, a value missing after an option that takes one, a value given to a switch.
 */
export function parseCommandArgs(command: Command, args: string[]): ParsedArgs {
  const options: OptionSpec = { ...commonOptions, ...command.options };
  const parsed = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  for (const token of parsed.tokens) if (token.kind === "option") checkOption(token, options, command);
  return {
    values: parsed.values as Record<string, string | boolean | undefined>,
    positionals: parsed.positionals,
  };
}

function checkOption(token: OptionToken, options: OptionSpec, command: Command): void {
  const spec = options[token.name];
  if (!spec) throw new UsageError(unknownOption(token.rawName, options, command));
  if (spec.type === "string" && token.value === undefined) {
    const placeholder = command.help.options[token.name]?.value ?? "VALUE";
    throw new UsageError(`${token.rawName} needs a value: ${token.rawName} ${placeholder}`);
  }
  if (spec.type === "string" && token.inlineValue === false && isOptionLike(token.value ?? "")) {
    const placeholder = command.help.options[token.name]?.value ?? "VALUE";
    throw new UsageError(
      `${token.rawName} needs a value, not the option ${token.value}: ${token.rawName} ${placeholder} (or ${token.rawName}=${token.value} if that is the value)`,
    );
  }
  if (spec.type === "boolean" && token.inlineValue === true)
    throw new UsageError(`${token.rawName} is a switch and takes no value (drop "=${token.value}")`);
}

const isOptionLike = (value: string): boolean => value.length > 1 && value.startsWith("-");

function unknownOption(rawName: string, options: OptionSpec, command: Command): string {
  const bare = rawName.replace(/^-+/, "");
  const near = rawName.startsWith("--") ? nearestName(bare, Object.keys(options)) : undefined;
  if (near) return `unknown option ${rawName}; did you mean --${near}?`;
  const own = Object.keys(command.options).map((n) => `--${n}`);
  const takes =
    own.length > 0 ? `its options are ${own.join(", ")}` : "it takes only --format, --quiet, --help";
  return `unknown option ${rawName} for 'agentc ${command.name}'; ${takes}`;
}
