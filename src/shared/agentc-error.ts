/**
 * A failure the person can act on, as every command reports it: what is wrong (the message), what to do
 * (the hint), which stage raised it (the code: "bundle", "pack", "serve", "dependency", "signature"), and what caused it.
 * `unreachable`: nothing answered at the address (connection refused, no such host), where a cached copy
 * or another source may stand in.
 */
export class AgentcError extends Error {
  readonly code: AgentcErrorCode;
  readonly unreachable: boolean;

  constructor(
    code: AgentcErrorCode,
    message: string,
    readonly hint: string,
    options: { unreachable?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AgentcError";
    this.code = code;
    this.unreachable = options.unreachable === true;
  }
}

export type AgentcErrorCode = "bundle" | "pack" | "serve" | "dependency" | "signature";
