/** A build folder that cannot be packed: the message says what is wrong, the hint how to fix it. */
export class PackError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = "PackError";
  }
}
