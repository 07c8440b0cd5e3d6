import type { Desired } from "../../manifest/desired.js";
import type { Action, Conflict, Content } from "../model/plan-model.js";
import type { InstallRecord, RecordEntry } from "../model/record.js";
import type { ProjectState } from "../project/project-state.js";

export const asideSuffix = ".agentc-old";

/**
 * What an upgrade does with an owned file the person edited when the new build changes it (dpkg's conffile
 * question): keep theirs and write the new one beside it, take the new one (theirs saved as .agentc-old),
 * or keep theirs without a copy of the new one.
 */
export type EditedChoice = "beside" | "take-new" | "keep-mine";

/** The planner's working set: what it read, and the actions, conflicts and record entries it collects. */
export class PlanContext {
  readonly actions: Action[] = [];
  readonly conflicts: Conflict[] = [];
  /** reported, not blocking (an edited block agentc leaves alone) */
  readonly warnings: Conflict[] = [];
  /** files a marked block of agentc's is composed into by this plan */
  readonly blocks = new Set<string>();
  readonly entries = new Map<string, RecordEntry>();
  /** paths some desired file, seed or link has taken */
  readonly claimed = new Set<string>();
  /** paths this plan removes or moves away (for deciding which folders end up empty) */
  readonly vacated = new Set<string>();
  readonly previous: Map<string, RecordEntry>;
  /** take over what is still as the registry was imported from it (--take-imported) */
  takeImported = false;
  private readonly madeDirs = new Set<string>();
  private readonly reserved = new Set<string>();
  readonly #twinsReported = new Set<string>();

  constructor(
    readonly desired: Desired,
    readonly record: InstallRecord | undefined,
    readonly state: ProjectState,
    readonly moveAside: boolean,
    readonly edited: (path: string) => EditedChoice = () => "beside",
    private readonly readFile: (path: string) => Buffer | undefined = () => undefined,
  ) {
    this.previous = new Map((record?.entries ?? []).map((e) => [e.path, e]));
  }

  /** A regular project file's text; undefined when it cannot be read or is not UTF-8. */
  readText(path: string): string | undefined {
    const bytes = this.readFile(path);
    if (!bytes) return undefined;
    const text = bytes.toString("utf8");
    return Buffer.from(text, "utf8").equals(bytes) ? text : undefined;
  }

  conflict(path: string, problem: string, hint: string): void {
    this.conflicts.push({ path, problem, hint });
  }

  entry(entry: RecordEntry): void {
    this.entries.set(entry.path, entry);
  }

  /**
   * False (and a conflict) when an ancestor is a link or a file: nothing is written below it; or when the path
   * is missing but the project has it spelled in another case (agents.md for AGENTS.md), said once per entry.
   */
  writable(path: string): boolean {
    const blocker = this.state.blockedBy(path);
    if (blocker === undefined) return this.#noCaseTwin(path);
    const what = this.state.get(blocker).type === "symlink" ? "a symbolic link" : "not a folder";
    this.conflict(
      path,
      `its parent ${blocker} is ${what}; agentc never writes through it`,
      `replace ${blocker} with a real folder, or remove it`,
    );
    return false;
  }

  #noCaseTwin(path: string): boolean {
    const twin = this.state.caseTwin(path);
    if (twin === undefined) return true;
    const made = path.split("/").slice(0, twin.split("/").length).join("/");
    if (!this.#twinsReported.has(made)) {
      this.#twinsReported.add(made);
      this.conflict(
        made,
        `would be a second name for ${twin}: where file names ignore case (macOS, Windows) the two are one, and a project holding both cannot be checked out there`,
        `rename ${twin} to ${made} (git mv ${twin} ${made}), or move it away, then install again`,
      );
    }
    return false;
  }

  /**
   * Plans the folders missing above `path`, recording them as made by agentc (by `component`; none for
   * folders inside agentc's own, which the record never names).
   */
  ensureParents(path: string, component: string | undefined): void {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      if (this.madeDirs.has(dir)) continue;
      const type = this.state.get(dir).type;
      if (type === "absent") {
        this.actions.push({ op: "mkdir", path: dir });
        this.madeDirs.add(dir);
        if (component !== undefined) this.entry({ path: dir, kind: "dir", component });
      } else if (type === "dir") this.madeDirs.add(dir);
    }
  }

  /** Moves a user's file out of the way (recorded as theirs), or reports the conflict. */
  asideOrConflict(path: string, problem: string, hint: string): boolean {
    const isDir = this.state.get(path).type === "dir";
    if (!this.moveAside || isDir) {
      this.conflict(path, problem, isDir ? "move the folder away yourself" : hint);
      return false;
    }
    this.moveAsideNow(path);
    return true;
  }

  /** Renames a file to <name>.agentc-old (or -2, -3 ...): it stays the user's, recorded as such. */
  moveAsideNow(path: string): void {
    const to = this.asideName(path);
    this.actions.push({ op: "move-aside", path, to });
    this.vacated.add(path);
    this.entry({ path: to, kind: "aside", component: "user" });
  }

  /** A free `<name>.agentc-old` (or -2, -3 ...) for a file of the person's, reserved for this plan. */
  asideName(path: string): string {
    for (let n = 1; ; n++) {
      const name = n === 1 ? `${path}${asideSuffix}` : `${path}${asideSuffix}-${n}`;
      if (this.state.get(name).type === "absent" && !this.reserved.has(name)) {
        this.reserved.add(name);
        return name;
      }
    }
  }

  /** Writes `content` at `path` (create or replace a file agentc may replace). */
  write(path: string, content: Content, executable: boolean, component: string): void {
    const exists = this.state.get(path).type !== "absent" && !this.vacated.has(path);
    if (!exists) this.ensureParents(path, component);
    this.actions.push({ op: exists ? "update" : "create", path, content, executable });
  }
}
