/** The release of the client a pack was last checked against (CAPABILITIES.md names it per column). */
export interface VerifiedAgainst {
  /** YYYY-MM-DD. */
  date: string;
  /** How: running the client's own CLI, reading its shipped source, or its documentation only. */
  how: "cli" | "source" | "docs";
  /** The client version checked, when it has one ("2.1.332"). */
  version?: string;
  /** The npm package of the client's CLI, for `npm run formats:check`. */
  package?: string;
}

/** One fact about the client, where it was read or observed, and which pack fields it decides. */
export interface PackFact {
  claim: string;
  /** An https URL, "cli <package>@<version>: <what was run>", "source <package>@<version>: <file>" or "formats.md §…". */
  source: string;
  /** YYYY-MM-DD. */
  verified: string;
  /** The client versions the fact holds for, when it changed between releases (">=2.1.277"). */
  versions?: string;
  /** JSON pointers into the pack ("/skills_dir", "/hooks/events") whose values this fact decides. */
  for: string[];
}
