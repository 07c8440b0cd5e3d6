const reservedPlain = /^(?:~|null|true|false|yes|no|on|off|y|n|\.nan|\.inf|-\.inf|\+\.inf)$/i;
const numberLike = /^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$|^0[xob][0-9a-f_]+$/i;
const plainSafe = /^[A-Za-z0-9_/][A-Za-z0-9 _.,/()'+=@$%;!?-]*$/;

/** A YAML scalar for any string: plain when that reads back as the same string, double-quoted otherwise. */
export function yamlScalar(value: string): string {
  const plain =
    plainSafe.test(value) &&
    !value.endsWith(" ") &&
    !value.includes(": ") &&
    !value.includes(" #") &&
    !reservedPlain.test(value) &&
    !numberLike.test(value);
  return plain ? value : JSON.stringify(value);
}

/** A YAML flow sequence of double-quoted strings. */
export function yamlFlowList(values: string[]): string {
  return `[${values.map((v) => JSON.stringify(v)).join(", ")}]`;
}

/** A YAML block sequence, starting on the next line, indented two spaces. */
export function yamlBlockList(values: string[]): string {
  return values.map((v) => `\n  - ${JSON.stringify(v)}`).join("");
}
