import { posix } from "node:path";
import type { UserScope } from "../../clients/model.js";
import type { Desired, DesiredAdopt, DesiredFile } from "../../manifest/desired.js";
import { pathProblem } from "../../shared/path-check.js";
import type { LoadedBundle } from "../bundle/local-bundle.js";
import { desiredPaths, ownershipProblems } from "../bundle/ownership-check.js";
import type { Content } from "../model/plan-model.js";

type Loaded = Extract<LoadedBundle, { ok: true }>;

/** A project path of one component, placed at a path below the home folder by one component's user level. */
type Place = (path: string, owner: string) => { path: string; component: string } | undefined;

/**
 * A bundle read for the person's home folder (`--scope user`): every path the chosen components install, mapped
 * from the project layout to the user layout by each client's `user_scope` data (clients/*.json). A path no
 * chosen client maps is not installed and is named in `notes` as that component's loss at user level; the
 * bundle's bytes are still read and checked under their own paths. Nothing can land outside the mapped folders.
 * A client in `present` (the person has it: its `detect` folder exists) that is not chosen still gets the
 * shared files it reads by itself (the rule adapter's AGENTS.md), recorded as their own component's, as every
 * AGENTS.md reader reads a project's one AGENTS.md.
 */
export function userBundle(
  bundle: Loaded,
  layouts: ReadonlyMap<string, UserScope>,
  reserved: string,
  present: ReadonlySet<string> = new Set(),
): LoadedBundle {
  const from = bundle.desired;
  const lost = new Map<string, Set<string>>();
  const bundlePath = new Map<string, string>();
  const chosen = new Set(from.components);
  const placers = [...layouts].flatMap(([id, layout]): Placer[] => {
    if (chosen.has(id)) return [{ id, layout, chosen: true }];
    return present.has(id) && layout.detect !== undefined ? [{ id, layout, chosen: false }] : [];
  });
  /** Every place the clients give one project path of `owner` (a shared file may go to several). */
  const placesOf = (path: string, owner: string): { path: string; component: string }[] => {
    const out = placers.flatMap(({ id, layout, chosen }) => {
      const user = userPath(layout, path, owner === id);
      return user === undefined ? [] : [{ path: user, component: chosen ? id : owner }];
    });
    if (out.length === 0) lost.set(owner, (lost.get(owner) ?? new Set()).add(path));
    return out;
  };
  const first: Place = (path, owner) => placesOf(path, owner)[0];
  const files = from.files.flatMap((f) =>
    placesOf(f.path, f.component).map((p) => {
      bundlePath.set(p.path, f.path);
      return { ...f, ...p };
    }),
  );
  const desired: Desired = {
    ...from,
    files: onePerPath(files),
    links: from.links.flatMap((l) => {
      const at = first(l.path, l.component);
      const target = at && placeFor(placers, at.component, l.target);
      if (!at || target === undefined) return [];
      const fallback =
        l.fallback.kind === "import"
          ? {
              kind: "import" as const,
              text: movedImport(l.fallback.text, l.path, at.path, from, placers, at),
            }
          : l.fallback;
      return [{ ...l, ...at, target, fallback }];
    }),
    scaffold: mapped(from.scaffold, first),
    ownedDirs: mapped(from.ownedDirs, first),
    removes: mapped(from.removes, first),
    keepDirs: [],
    knownSeedHashes: new Map(
      [...from.knownSeedHashes].flatMap(([path, hashes]) => {
        const seed = files.find((f) => bundlePath.get(f.path) === path);
        return seed ? [[seed.path, hashes] as const] : [];
      }),
    ),
    composedLines: mapped(from.composedLines, first),
    composed: from.composed.flatMap((c) => {
      const at = first(c.path, c.components[0] ?? "");
      if (!at) return [];
      const rewrites = layouts.get(at.component)?.rewrites ?? [];
      return [
        {
          ...c,
          path: at.path,
          entries: c.entries.map((e) => ({ ...e, value: rewritten(e.value, rewrites) })),
        },
      ];
    }),
    capabilityHomes: [],
    adopt: from.adopt.flatMap((a) =>
      placesOf(a.path, a.component).flatMap((at) => movedAdopt(a, at, from, placers)),
    ),
  };
  const problems = [...outsideProblems(desired, reserved), ...ownershipProblems(desired)];
  if (problems.length > 0) return { ok: false, problems };
  const inBundle = (c: Content): Content =>
    c.from === "bundle" ? { ...c, path: bundlePath.get(c.path) ?? c.path } : c;
  return {
    ok: true,
    desired,
    verify: (contents) => bundle.verify(contents.map(inBundle)),
    bytesOf: (c) => bundle.bytesOf(inBundle(c)),
    notes: [
      ...bundle.notes,
      ...lossNotes(
        lost,
        placers.some((p) => p.chosen),
      ),
    ],
  };
}

/** Where `layout` puts `path` (its own component's, or another's when the entry is `shared`), or undefined. */
function userPath(layout: UserScope, path: string, own: boolean): string | undefined {
  for (const entry of layout.paths) {
    if (!own && !entry.shared) continue;
    if (path === entry.project) return entry.user;
    if (!entry.project.endsWith("/")) continue;
    if (`${path}/` === entry.project) return entry.user.replace(/\/$/, "");
    if (path.startsWith(entry.project)) return `${entry.user}${path.slice(entry.project.length)}`;
  }
  return undefined;
}

type Placer = { id: string; layout: UserScope; chosen: boolean };

/** A path another item points at (a link's target, an import's file), placed by the same client. */
function placeFor(placers: readonly Placer[], component: string, path: string): string | undefined {
  const placer = placers.find((p) => p.id === component);
  return placer && userPath(placer.layout, path, true);
}

function mapped<T extends { path: string; component: string }>(items: readonly T[], place: Place): T[] {
  return items.flatMap((item) => {
    const at = place(item.path, item.component);
    return at ? [{ ...item, ...at }] : [];
  });
}

/**
 * A file two clients place at one path with the same bytes and role is written once (both read
 * `~/.agents/skills`); two different files there stay, for the ownership check to refuse.
 */
function onePerPath<T extends DesiredFile>(files: readonly T[]): T[] {
  const seen = new Set<string>();
  return files.filter((f) => {
    const key = `${f.path}\0${f.sha256}\0${f.role}\0${f.executable}`;
    return !seen.has(key) && seen.add(key);
  });
}

/** An adopt line at its user path; an import's text names its target relative to the new place. */
function movedAdopt(
  adopt: DesiredAdopt,
  at: { path: string; component: string } | undefined,
  from: Desired,
  placers: readonly Placer[],
): DesiredAdopt[] {
  if (!at) return [];
  if (adopt.how.kind !== "import") return [{ ...adopt, ...at }];
  const text = movedImport(adopt.how.text, adopt.path, at.path, from, placers, at);
  return [{ ...adopt, ...at, how: { kind: "import", text, when: [at.path] }, body: `${text}\n` }];
}

/**
 * An import line written at `userAt` instead of `projectAt`: each bundle file it names relative to the project
 * file is named relative to the user file, at the place the same client gives it.
 */
function movedImport(
  text: string,
  projectAt: string,
  userAt: string,
  from: Desired,
  placers: readonly Placer[],
  at: { component: string },
): string {
  let out = text;
  for (const f of from.files) {
    const user = placeFor(placers, at.component, f.path);
    if (user === undefined) continue;
    const before = posix.relative(posix.dirname(projectAt), f.path);
    const after = posix.relative(posix.dirname(userAt), user);
    if (before !== after && out.includes(before)) out = out.replace(before, after);
  }
  return out;
}

/** Strings in a composed value with the client's project-relative text replaced (`rewrites`). */
function rewritten(value: unknown, rewrites: UserScope["rewrites"]): unknown {
  if (!rewrites?.length) return value;
  if (typeof value === "string") return rewrites.reduce((s, r) => s.split(r.project).join(r.user), value);
  if (Array.isArray(value)) return value.map((v) => rewritten(v, rewrites));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewritten(v, rewrites)]));
  return value;
}

/**
 * Every path the mapped bundle names is a plain relative path below the home folder (the data's promise), and
 * none lies in agentc's own folder there (`reserved`).
 */
function outsideProblems(desired: Desired, reserved: string): string[] {
  const paths = [...desiredPaths(desired), ...desired.adopt.map((a) => a.path)];
  return paths.flatMap((path) => {
    const problem =
      pathProblem(path) ??
      (path === reserved || path.startsWith(`${reserved}/`)
        ? `lies in ${reserved}/, agentc's own folder`
        : undefined);
    return problem ? [`${path}: ${problem} (user level)`] : [];
  });
}

/** What the chosen components lose at user level: the paths no chosen client reads from the home folder. */
function lossNotes(lost: Map<string, Set<string>>, any: boolean): string[] {
  if (!any)
    return ["none of the chosen components has a user level: nothing is installed in your home folder"];
  return [...lost].map(([component, paths]) => {
    const left = [...paths].sort();
    const shown = left.slice(0, 5).join(", ");
    const more = left.length > 5 ? ` and ${left.length - 5} more` : "";
    return `${component}: not at user level (no client reads it in your home folder): ${shown}${more}`;
  });
}
