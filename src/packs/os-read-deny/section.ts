import type { Section } from "../section.js";
import { osReadDenyParts, secondLine } from "./emit.js";
import type { OsReadDenyFound, OsReadDenyPack, OsReadDenySeen } from "./model.js";
import { readOsReadDeny } from "./read.js";

/**
 * The operating-system read barrier (`os_read_deny`): the client's sandbox switched on, with the core's
 * denied reads and the guard's secret paths, when core/permissions.json denies reads (docs/guard.md).
 * Emitted before the guard and the hooks; read after the permissions and the hooks, whose findings tell
 * agentc's paths from the person's.
 */
export const osReadDenySection: Section<OsReadDenyPack, OsReadDenyFound, unknown, OsReadDenySeen> = {
  name: "os_read_deny",
  keys: ["os_read_deny"],
  rank: 20,
  readRank: 60,
  secondLine,
  settings: {
    file: (pack) => {
      const write = pack.os_read_deny?.write;
      return write && { file: write.file, format: write.format };
    },
    emit: (pack, input) => ({ parts: osReadDenyParts(pack, input), rows: [] }),
    read: (pack, document, report, found) => {
      const write = pack.os_read_deny?.write;
      return write ? readOsReadDeny(write, document, report, found) : [];
    },
    nothingFound: () => ({}),
  },
};
