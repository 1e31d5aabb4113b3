import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * What a ZIP may hold (decision 053). A 20 MB Excel workbook unpacks to about 200 MB of XML; a
 * big PowerPoint deck has a few hundred parts. Past these, it is a bomb or not a document.
 */
export const ZIP_LIMITS = { maxEntries: 2000, maxUnpackedBytes: 250 * 1024 * 1024 } as const;

export interface ZipEntryFacts {
  name: string;
  /** The first bytes of the entry, unpacked: enough to tell an archive inside. */
  head: Buffer;
}

export type ZipInspection =
  | { ok: true; entries: ZipEntryFacts[]; mimetype?: string }
  | { ok: false; reason: 'not-a-zip' | 'too-many-entries' | 'too-large' | 'encrypted' };

const HEAD_BYTES = 512;

const open = (bytes: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      // Sizes are checked against the central directory as each entry unpacks: an entry that
      // unpacks to more than it declares fails there, so the declared total bounds the work.
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    ),
  );

/**
 * Reads every entry of the ZIP once, never unpacking past ZIP_LIMITS: the entry count, the
 * declared sizes and the encryption flags come from the central directory before any entry is
 * unpacked. Keeps each entry's first bytes and an ODF `mimetype`.
 */
export async function inspectZip(bytes: Buffer): Promise<ZipInspection> {
  let zip: ZipFile;
  try {
    zip = await open(bytes);
  } catch {
    return { ok: false, reason: 'not-a-zip' };
  }
  if (zip.entryCount > ZIP_LIMITS.maxEntries) {
    zip.close();
    return { ok: false, reason: 'too-many-entries' };
  }
  try {
    // The central directory first, unpacking nothing: every entry's declared size and flags.
    const listed: Entry[] = [];
    for (let entry = await next(zip); entry; entry = await next(zip)) listed.push(entry);
    if (listed.some((e) => e.isEncrypted())) return { ok: false, reason: 'encrypted' };
    const declared = listed.reduce((sum, e) => sum + e.uncompressedSize, 0);
    if (declared > ZIP_LIMITS.maxUnpackedBytes) return { ok: false, reason: 'too-large' };
    const entries: ZipEntryFacts[] = [];
    let mimetype: string | undefined;
    for (const entry of listed) {
      const head = await unpack(zip, entry);
      if (entry.fileName === 'mimetype' && head.length < 100) mimetype = head.toString('ascii').trim();
      entries.push({ name: entry.fileName, head });
    }
    return { ok: true, entries, mimetype };
  } catch {
    return { ok: false, reason: 'not-a-zip' };
  } finally {
    zip.close();
  }
}

function next(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
    zip.once('entry', (entry: Entry) => (cleanup(), resolve(entry)));
    zip.once('end', () => (cleanup(), resolve(undefined)));
    zip.once('error', (err: Error) => (cleanup(), reject(err)));
    zip.readEntry();
  });
}

/** The entry's bytes; only its head is kept, the rest is counted as yauzl checks its size. */
function unpack(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const kept: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (size < HEAD_BYTES) kept.push(chunk.subarray(0, HEAD_BYTES - size));
        size += chunk.length;
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(kept)));
    });
  });
}
