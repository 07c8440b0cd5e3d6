import type { PackBase } from "../section.js";

/** A settings key that lets a repository vote on its own trust (docs/client-settings.md, AGC108). */
export interface TrustKey {
  id: string;
  /** Project path or glob of the settings file, with runtime placeholders. */
  file: string;
  /** Key path; "*" is any key or element, "\\*" the key "*" itself. */
  key: string[];
  /** Only this value counts; absent (and no `matches`): any value. */
  equals?: unknown;
  /** Only string values matching this regular expression count. */
  matches?: string;
  why: string;
}

/** The part of a client pack the section reads. */
export type TrustKeysPack = PackBase & { trust_keys?: TrustKey[] };
