/**
 * The client's user level (docs/user-scope.md): each project path the pack's component installs, mapped to the
 * path below the person's home folder where the client reads it; a path no entry maps is not installed there
 * (reported as the client's loss at user level).
 */
export interface UserScope {
  paths: UserScopePath[];
  /** Text in the component's composed values that names the project, and what names the home folder instead. */
  rewrites?: UserScopeRewrite[];
  /**
   * The client's folder in the home folder: when it exists, the client gets the `shared` files it reads by itself
   * (AGENTS.md) even when the bundle has no component of its own for it, as it reads a project's AGENTS.md.
   */
  detect?: string;
}

export interface UserScopePath {
  /** A project path: a file, or a folder ending in "/" (every path below it). */
  project: string;
  /** The path below the home folder: a file, or a folder ending in "/" when `project` is one. */
  user: string;
  /** Also take this path from another chosen component (the AGENTS.md of the rule adapter), as this one's. */
  shared?: boolean;
}

export interface UserScopeRewrite {
  project: string;
  user: string;
}
