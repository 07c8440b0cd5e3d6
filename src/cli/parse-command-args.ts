import { type ParseArgsConfig, parseArgs } from "node:util";
import { nearestName } from "../shared/nearest-name.js";
import type { CliOptions } from "./cli-option.js";
import { type Command, type ParsedArgs, UsageError } from "./command.js";
import { commonOptions, everyOption } from "./common-options.js";

type ParserOptions = NonNullable<ParseArgsConfig["options"]>;
type Token = NonNullable<ReturnType<typeof parseArgs>["tokens"]>[number];
type OptionToken = Extract<Token, { kind: "option" }>;

/**
 * The command's arguments, or a UsageError in agentc's words: an unknown option with the nearest known
 * one, a value missing after an option that takes one, a value given to a switch.
 */
export function parseCommandArgs(command: Command, args: string[]): ParsedArgs {
  const options = everyOption(command);
  const parsed = parseArgs({
    args,
    options: parserOptions(options),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of parsed.tokens) if (token.kind === "option") checkOption(token, options, command);
  for (const [name, option] of Object.entries(options))
    if (option.required && parsed.values[name] === undefined)
      throw new UsageError(`--${name} is required: --${name}${option.value ? ` ${option.value}` : ""}`);
  return {
    values: parsed.values as Record<string, string | boolean | undefined>,
    positionals: parsed.positionals,
  };
}

/** node:util parseArgs's config for these options: a string when the option takes a value, else a boolean. */
export function parserOptions(options: CliOptions): ParserOptions {
  const config: ParserOptions = {};
  for (const [name, option] of Object.entries(options))
    config[name] = {
      type: option.value === undefined ? "boolean" : "string",
      ...(option.short ? { short: option.short } : {}),
      ...(option.repeatable ? { multiple: true } : {}),
    };
  return config;
}

function checkOption(token: OptionToken, options: CliOptions, command: Command): void {
  const option = options[token.name];
  if (!option) throw new UsageError(unknownOption(token.rawName, options, command));
  if (option.value !== undefined && token.value === undefined)
    throw new UsageError(`${token.rawName} needs a value: ${token.rawName} ${option.value}`);
  if (option.value !== undefined && token.inlineValue === false && isOptionLike(token.value ?? ""))
    throw new UsageError(
      `${token.rawName} needs a value, not the option ${token.value}: ${token.rawName} ${option.value} (or ${token.rawName}=${token.value} if that is the value)`,
    );
  if (option.value === undefined && token.inlineValue === true)
    throw new UsageError(`${token.rawName} is a switch and takes no value (drop "=${token.value}")`);
}

const isOptionLike = (value: string): boolean => value.length > 1 && value.startsWith("-");

function unknownOption(rawName: string, options: CliOptions, command: Command): string {
  const bare = rawName.replace(/^-+/, "");
  const near = rawName.startsWith("--") ? nearestName(bare, Object.keys(options)) : undefined;
  if (near) return `unknown option ${rawName}; did you mean --${near}?`;
  const own = Object.keys(command.help.options).map((n) => `--${n}`);
  const common = Object.keys(commonOptions(command.formats)).map((n) => `--${n}`);
  const takes = own.length > 0 ? `its options are ${own.join(", ")}` : `it takes only ${common.join(", ")}`;
  return `unknown option ${rawName} for 'agentc ${command.name}'; ${takes}`;
}
