/** A dependency that cannot be resolved or fetched: what went wrong and what to do. */
export class DependencyError extends Error {
  /** The source could not be reached (a cached copy may stand in), as against a wrong declaration. */
  readonly unreachable: boolean;
  constructor(
    message: string,
    readonly hint: string,
    unreachable = false,
  ) {
    super(message);
    this.unreachable = unreachable;
  }
}
