/** Resolves on the first SIGINT or SIGTERM; cancel() stops listening. */
export function stopSignal(): { promise: Promise<void>; cancel(): void } {
  let cancel = (): void => {};
  const promise = new Promise<void>((resolve) => {
    cancel = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    };
    const stop = (): void => {
      cancel();
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  return { promise, cancel };
}
