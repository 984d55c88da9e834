import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { nativeCrc32, yazlCrc32, ZipFile } from "../../../src/server/files/zip-file.ts";

/** A zip of `chunks` streamed as one entry, as an export writes records.csv. */
async function zipOf(chunks: Buffer[]): Promise<Buffer> {
  const zip = new ZipFile();
  const entry = new PassThrough();
  zip.addReadStream(entry, "records.csv", { compressionLevel: 1 });
  zip.end();
  for (const chunk of chunks) entry.write(chunk);
  entry.end();
  const out: Buffer[] = [];
  for await (const part of zip.outputStream) out.push(part as Buffer);
  return Buffer.concat(out);
}

/** The zip's one entry: the CRC its directory records, and the bytes it holds. */
function readEntry(zip: Buffer): Promise<{ crc: number; data: Buffer }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      file.on("entry", (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on("data", (c: Buffer) => parts.push(c));
          stream.on("end", () => resolve({ crc: entry.crc32, data: Buffer.concat(parts) }));
        });
      });
      file.readEntry();
    });
  });
}

describe("zip files (yazl with Node's native CRC-32)", () => {
  it("yazl computes CRCs with Node's zlib.crc32, which agrees with the JavaScript one it replaced", () => {
    const data = randomBytes(10_000);
    // The JavaScript loop buffer-crc32 ran, for reference.
    let expected = -1;
    for (const byte of data) {
      expected ^= byte;
      for (let k = 0; k < 8; k++) expected = expected & 1 ? (expected >>> 1) ^ 0xedb88320 : expected >>> 1;
    }
    expected = (expected ^ -1) >>> 0;
    expect(yazlCrc32.unsigned(data)).toBe(expected);
    expect(yazlCrc32.unsigned(data.subarray(5000), yazlCrc32.unsigned(data.subarray(0, 5000)))).toBe(expected);
    expect(yazlCrc32.unsigned(data)).toBe(crc32(data));
    expect(yazlCrc32.unsigned).toBe(nativeCrc32);
  });

  it("yazl reads the CRC function from the module replaced, at every call", async () => {
    const calls: number[] = [];
    yazlCrc32.unsigned = (data, previous) => {
      calls.push(data.length);
      return nativeCrc32(data, previous);
    };
    try {
      await zipOf([Buffer.from("a,b\n"), Buffer.from("c,d\n")]);
    } finally {
      yazlCrc32.unsigned = nativeCrc32;
    }
    expect(calls.reduce((a, b) => a + b, 0)).toBe(8);
  });

  it("a streamed entry reads back whole, its recorded CRC that of its bytes", async () => {
    const chunks = Array.from({ length: 20 }, (_, i) => Buffer.from(`${i},Ana,"PHQ-9",12\n`.repeat(500 + i)));
    const { crc, data } = await readEntry(await zipOf(chunks));
    expect(data.equals(Buffer.concat(chunks))).toBe(true);
    expect(crc).toBe(crc32(data));
  });
});
