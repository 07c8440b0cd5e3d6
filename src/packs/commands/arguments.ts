/** The core's word for the text typed after a command, in a command's prompt. */
export const argumentsWord = "$ARGUMENTS";

/**
 * Whether a client with this placeholder can be given a command with this prompt: one without a placeholder
 * (null) cannot, when the prompt uses $ARGUMENTS. The build leaves such a command out for it, and import keeps
 * no copy of the client's file for the build to write back.
 */
export function commandWritable(body: string, placeholder: string | null): boolean {
  return placeholder !== null || !body.includes(argumentsWord);
}

/** A prompt with the client's spelling of the arguments (`{{args}}`) for the core's; null: the client has none. */
export function clientArguments(body: string, placeholder: string | null): string {
  return body.replaceAll(argumentsWord, placeholder ?? argumentsWord);
}

/**
 * The client's spelling of "the arguments" (`{{args}}`, `${input:arguments}`, "the text typed after the
 * command") back to the core's, which the build spells the client's way again.
 */
export function neutralArguments(body: string, placeholder: string | null): string {
  if (placeholder === null || placeholder === argumentsWord) return body;
  return body.replaceAll(placeholder, argumentsWord);
}
