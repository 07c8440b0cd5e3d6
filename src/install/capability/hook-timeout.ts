/** How long a capability hook may run before it is stopped (--hook-timeout changes it). */
export const defaultHookTimeoutMs = 60_000;
