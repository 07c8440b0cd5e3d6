/** The most characters of any one piece of input a message quotes. */
export const maxQuoted = 200;
/** The most characters of a whole message or hint. */
export const maxMessage = 4000;

/**
 * Text quoted from input, at most `max` characters: a longer text keeps its start and end around an
 * ellipsis that says how much was left out. The one truncation every message goes through.
 */
export function clip(text: string, max = maxQuoted): string {
  if (text.length <= max) return text;
  const marker = (left: number) => `…(${left} more characters)…`;
  const keep = Math.max(1, Math.floor((max - marker(text.length).length) / 2));
  return `${text.slice(0, keep)}${marker(text.length - 2 * keep)}${text.slice(text.length - keep)}`;
}

/** A message with every over-long run of non-blank characters clipped, and the whole bounded. */
export function clipMessage(message: string): string {
  if (message.length <= maxQuoted) return message;
  const clipped = message.replace(/\S{201,}/g, (run) => clip(run));
  return clip(clipped, maxMessage);
}
