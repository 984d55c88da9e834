import yauzl from "yauzl";

/** The files of a zip, by name, as text. */
export function unzipText(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const out = new Map<string, string>();
      file.on("error", reject);
      file.on("end", () => resolve(out));
      file.on("entry", (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

/** CSV as rows of fields (quoted fields, doubled quotes; LF or CRLF line ends). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || (ch === "\r" && text[i + 1] === "\n")) {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      if (ch === "\r") i++;
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows in one order whatever order the file has them in (an export's records come in no set order). */
export function sortedRows(rows: readonly (readonly string[])[]): string[][] {
  return rows.map((r) => [...r]).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}
