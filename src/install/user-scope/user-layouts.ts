import { builtinClientPacks } from "../../clients/load-client-packs.js";
import type { UserScope } from "../../clients/model.js";
import { posixRelative, userConfigHome } from "../model/user-home.js";

/** Where a user path of the data starts in the person's config folder ($XDG_CONFIG_HOME, else ~/.config). */
const configSlot = "<XDG_CONFIG_HOME>/";

/**
 * Each built-in client pack's user level (its `user_scope`), by component id, with `<XDG_CONFIG_HOME>/` replaced
 * by the person's config folder relative to `home`. A component that is not here has no user level.
 */
export function userLayouts(home: string): Map<string, UserScope> {
  const config = posixRelative(home, userConfigHome(home));
  const inHome = (user: string): string | undefined => {
    if (!user.startsWith(configSlot)) return user;
    return config === undefined ? undefined : `${config}/${user.slice(configSlot.length)}`;
  };
  const layouts = new Map<string, UserScope>();
  for (const { pack } of builtinClientPacks()) {
    if (!pack.user_scope) continue;
    const { detect, ...scope } = pack.user_scope;
    const paths = scope.paths.flatMap((p) => {
      const user = inHome(p.user);
      return user === undefined ? [] : [{ ...p, user }];
    });
    const folder = detect === undefined ? undefined : inHome(detect);
    layouts.set(pack.client, { ...scope, paths, ...(folder ? { detect: folder } : {}) });
  }
  return layouts;
}
