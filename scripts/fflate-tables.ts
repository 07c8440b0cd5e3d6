import { readFileSync } from "node:fs";
import type { Plugin } from "esbuild";

/**
 * fflate builds two tables when its module loads, in loops of 32,768 steps each that run in V8's
 * interpreter: `rev` (bit reversal, used by every Huffman table) and `revfd` (distance code of every
 * distance). That took about as long as the rest of fflate's set-up together, on every start of the CLI.
 * This plugin runs that same code of the installed fflate once, at bundle time, and writes the two
 * tables (and `fd`, made by the same call) into the bundle as base64, decoded natively at load.
 * The texts it replaces must appear exactly as expected, so another fflate version fails the build here
 * instead of being bundled half-changed; test/cli/bundled-cli.test.ts compares the plugin.zip the bundle
 * writes with the one the unbundled library writes.
 */
const tableCode = { start: "var u8 = Uint8Array, u16 = Uint16Array, i32 = Int32Array;" };
const distanceTables = "var _b = freb(fdeb, 0), fd = _b.b, revfd = _b.r;";
const reversalTable = /var rev = new u16\(32768\);\nfor \(var i = 0; i < 32768; \+\+i\) \{\n(?:.*\n){5}\}\n/;

interface Tables {
  fd: Uint16Array;
  revfd: Int32Array;
  rev: Uint16Array;
}

/** The tables, computed by fflate's own code (its text from the type aliases to the end of the rev loop). */
function computeTables(code: string): Tables {
  return new Function(`${code}\nreturn { fd: fd, revfd: revfd, rev: rev };`)() as Tables;
}

function base64(array: Uint16Array | Int32Array): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString("base64");
}

/** Decodes a table written by base64() on a little-endian machine, on any machine. */
const decoder = `var __agentcTable = function (type, text) {
  var bytes = Buffer.from(text, "base64");
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] === 0) type.BYTES_PER_ELEMENT === 2 ? bytes.swap16() : bytes.swap32();
  return new type(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
};`;

function withPrecomputedTables(path: string, text: string): string {
  const start = text.indexOf(tableCode.start);
  const loop = reversalTable.exec(text);
  if (start < 0 || !loop || !text.includes(distanceTables) || loop.index < text.indexOf(distanceTables)) {
    throw new Error(
      `${path} does not build its tables as the fflate-tables plugin expects; update scripts/fflate-tables.ts`,
    );
  }
  const tables = computeTables(text.slice(start, loop.index + loop[0].length));
  if (tables.rev.length !== 32768) throw new Error("fflate-tables: unexpected rev table");
  return text
    .replace(
      distanceTables,
      `${decoder}\nvar fd = __agentcTable(u16, "${base64(tables.fd)}"), revfd = __agentcTable(i32, "${base64(tables.revfd)}");`,
    )
    .replace(reversalTable, `var rev = __agentcTable(u16, "${base64(tables.rev)}");\nvar i, x;\n`);
}

export const fflateTablesPrecomputed: Plugin = {
  name: "fflate-tables-precomputed",
  setup(context) {
    context.onLoad({ filter: /[\\/]fflate[\\/]esm[\\/]browser\.js$/ }, (args) => ({
      contents: withPrecomputedTables(args.path, readFileSync(args.path, "utf8")),
      loader: "js",
    }));
  },
};
