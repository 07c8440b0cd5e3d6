export interface CommandFormat {
  format: "markdown" | "toml";
  extension: string;
  fields: Partial<Record<"description" | "argument_hint" | "model", string>>;
  body_field?: string;
  /**
   * How the client spells "the arguments" in a prompt; replaces the neutral $ARGUMENTS. null: the client
   * has no placeholder, so a command whose body uses $ARGUMENTS is reported and not written.
   */
  arguments_placeholder: string | null;
  documented_fields: string[];
}
