const reservedPlain = /^(?:~|null|true|false|yes|no|on|off|y|n|\.nan|\.inf|-\.inf|\+\.inf)$/i;
const numberLike = /^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$|^0[xob][0-9a-f_]+$/i;
/** YAML 1.1 readers (PyYAML, js-yaml's default schema) turn these into dates. */
const timestampLike = /^\d{4}-\d\d?-\d\d?(?:[Tt ]|$)/;
const plainSafe = /^[A-Za-z0-9_/][A-Za-z0-9 _.,/()'+=@$%;!?-]*$/;
/** Characters YAML does not allow unescaped in a double-quoted scalar that JSON leaves as they are. */
const nonPrintable = /[\u007f-\u009f\u2028\u2029\ufeff]/g;

/** A YAML scalar for any string: plain when that reads back as the same string, double-quoted otherwise. */
export function yamlScalar(value: string): string {
  const plain =
    plainSafe.test(value) &&
    !value.endsWith(" ") &&
    !value.includes(": ") &&
    !value.includes(" #") &&
    !reservedPlain.test(value) &&
    !numberLike.test(value) &&
    !timestampLike.test(value);
  return plain ? value : yamlDoubleQuoted(value);
}

/** A YAML double-quoted scalar; JSON's escapes are valid YAML escapes. */
export function yamlDoubleQuoted(value: string): string {
  return JSON.stringify(value).replace(
    nonPrintable,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** A YAML flow sequence of double-quoted strings. */
export function yamlFlowList(values: string[]): string {
  return `[${values.map(yamlDoubleQuoted).join(", ")}]`;
}

/** A YAML block sequence, starting on the next line, indented two spaces. */
export function yamlBlockList(values: string[]): string {
  return values.map((v) => `\n  - ${yamlDoubleQuoted(v)}`).join("");
}
