import { createRequire } from "node:module";
import { crc32 } from "node:zlib";
import yazl from "yazl";

/**
 * yazl's ZipFile, computing CRC-32 natively. yazl (3.3) computes each entry's CRC-32 with
 * buffer-crc32, a JavaScript loop: 0.8 s of the main thread for an export's 200 MB of CSV
 * (profiled 2026-11-27), in a process whose cores the database is using for the same export.
 * Node's zlib.crc32 gives the same number natively in about a tenth of the time; yauzl, yazl's
 * sibling, already uses it. yazl looks `unsigned` up on that module at every call, so replacing it
 * once, on the very module yazl loads, is enough. tests/server/files/zip-file.test.ts checks that
 * yazl runs this one and that the CRCs are right; should a yazl release stop loading
 * buffer-crc32, that test fails and this replacement can go.
 */
const yazlRequire = createRequire(createRequire(import.meta.url).resolve("yazl"));

/** The CRC module yazl calls (exported for the test). */
export const yazlCrc32 = yazlRequire("buffer-crc32") as {
  unsigned: (data: Buffer | string, previous?: number) => number;
};

export const nativeCrc32 = (data: Buffer | string, previous?: number): number => crc32(data, previous ?? 0);

yazlCrc32.unsigned = nativeCrc32;

export const ZipFile = yazl.ZipFile;
