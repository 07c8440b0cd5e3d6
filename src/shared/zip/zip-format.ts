/** The parts of the ZIP format (PKWARE APPNOTE 6.3) that agentc writes and reads. */
export const zipSignature = {
  localHeader: 0x04034b50,
  centralHeader: 0x02014b50,
  endOfCentralDirectory: 0x06054b50,
} as const;

export const headerSize = { local: 30, central: 46, endOfCentralDirectory: 22 } as const;

export const compression = { stored: 0, deflated: 8 } as const;

export const generalFlag = { encrypted: 0x0001, utf8Name: 0x0800 } as const;

/** Host system in the upper byte of "version made by": Unix hosts carry st_mode in the external attributes. */
export const hostUnix = 3;
/** Version 2.0: deflate, no ZIP64. */
export const zipVersion = 20;

/** DOS date/time of 1980-01-01 00:00:00, the earliest a zip can say: every packed entry carries it. */
export const fixedDosTime = 0;
export const fixedDosDate = (0 << 9) | (1 << 5) | 1;

/** st_mode file-type bits, stored in the upper 16 bits of the external attributes. */
export const fileType = {
  mask: 0o170000,
  regular: 0o100000,
  directory: 0o040000,
  symlink: 0o120000,
} as const;

/** MS-DOS attribute bits, in the lower byte of the external attributes. */
export const dosAttribute = { directory: 0x10, reparsePoint: 0x400 } as const;

/** Extra-field ids a safe reader must refuse: a link target, and a second name that other tools prefer. */
export const extraField = { unixLink: 0x000d, unicodePath: 0x7075 } as const;

/** Largest values the 32-bit fields hold; ZIP64 is not written or read. */
export const max32 = 0xffffffff;
export const max16 = 0xffff;
