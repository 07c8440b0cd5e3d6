/** The server cannot start: a bad build or bundle, a port in use. The CLI prints both lines and exits 1. */
export class ServeError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = "ServeError";
  }
}
