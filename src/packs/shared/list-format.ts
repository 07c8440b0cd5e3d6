export type ListFormat = "csv" | "list" | "space";

/** How a per-item deny field holds its tools: a list format, or "deny_map" (tool → "deny"). */
export type DenyFormat = ListFormat | "deny_map";
