import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** One file of a zip archive: its path inside it, and its content, read only as the archive is. */
export interface ZipEntry {
  name: string;
  content: string | AsyncIterable<string>;
}

/** The most a size or offset field of a zip without ZIP64 holds. */
const MAX_32 = 0xffffffff;
/** General purpose flags: sizes and CRC in a data descriptor after the data (bit 3), UTF-8 names (bit 11). */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

/** An MS-DOS time and date, as zip headers hold them (two-second steps, local time). */
type Stamp = { time: number; date: number };

function dosTimeDate(time: Date): Stamp {
  return {
    time: (time.getHours() << 11) | (time.getMinutes() << 5) | Math.floor(time.getSeconds() / 2),
    date: ((Math.max(time.getFullYear(), 1980) - 1980) << 9) | ((time.getMonth() + 1) << 5) | time.getDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** A record of little-endian fields of 2 or 4 bytes, in the order APPNOTE lists them. */
function record(fields: ReadonlyArray<readonly [2 | 4, number]>): Buffer {
  const out = Buffer.alloc(fields.reduce((n, [size]) => n + size, 0));
  let at = 0;
  for (const [size, value] of fields) {
    if (size === 2) out.writeUInt16LE(value, at);
    else out.writeUInt32LE(value, at);
    at += size;
  }
  return out;
}

/** What the local and the central header both say of an entry: version needed through the name's length. */
function entryFields(stamp: Stamp, sizes: Pick<Written, 'crc' | 'compressed' | 'size'>, nameLength: number): Array<[2 | 4, number]> {
  return [[2, VERSION], [2, FLAGS], [2, DEFLATE], [2, stamp.time], [2, stamp.date], [4, sizes.crc], [4, sizes.compressed], [4, sizes.size], [2, nameLength]];
}

function localHeader(name: Buffer, stamp: Stamp): Buffer {
  // CRC and sizes stay 0: the data descriptor after the data carries them. No extra field.
  return Buffer.concat([record([[4, 0x04034b50], ...entryFields(stamp, { crc: 0, compressed: 0, size: 0 }, name.length), [2, 0]]), name]);
}

function dataDescriptor(entry: Written): Buffer {
  return record([[4, 0x08074b50], [4, entry.crc], [4, entry.compressed], [4, entry.size]]);
}

function centralHeader(entry: Written, stamp: Stamp): Buffer {
  // Version made by; then no extra field, comment, disk number or attributes; then where the entry starts.
  const fields = record([[4, 0x02014b50], [2, VERSION], ...entryFields(stamp, entry, entry.name.length), [2, 0], [2, 0], [2, 0], [2, 0], [4, 0], [4, entry.offset]]);
  return Buffer.concat([fields, entry.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  return record([[4, 0x06054b50], [2, 0], [2, 0], [2, count], [2, count], [4, size], [4, offset], [2, 0]]);
}

async function* chunksOf(content: ZipEntry['content']): AsyncGenerator<string> {
  if (typeof content === 'string') yield content;
  else yield* content;
}

/** One entry: its header, its deflated content as it is pulled, its data descriptor. */
async function* entryBytes(entry: ZipEntry, offset: number, stamp: Stamp, done: (written: Written) => void): AsyncGenerator<Buffer> {
  const name = Buffer.from(entry.name, 'utf8');
  const written: Written = { name, crc: 0, compressed: 0, size: 0, offset };
  yield localHeader(name, stamp);
  // Bytes, not objects: it reads ahead a chunk, where an object stream would hold sixteen.
  const plain = Readable.from(
    (async function* () {
      for await (const text of chunksOf(entry.content)) {
        const bytes = Buffer.from(text, 'utf8');
        written.crc = zlib.crc32(bytes, written.crc);
        written.size += bytes.length;
        yield bytes;
      }
    })(),
    { objectMode: false },
  );
  const deflate = zlib.createDeflateRaw();
  plain.once('error', (err) => deflate.destroy(err));
  plain.pipe(deflate);
  try {
    for await (const part of deflate as AsyncIterable<Buffer>) {
      written.compressed += part.length;
      yield part;
    }
  } finally {
    // A reader that went away stops the content's source too.
    plain.destroy();
  }
  if (written.size > MAX_32 || written.compressed > MAX_32 || offset > MAX_32) throw new Error(`zip entry ${entry.name} is past 4 GB`);
  yield dataDescriptor(written);
  done(written);
}

/**
 * A zip archive (PKWARE APPNOTE: deflated entries, each with a data descriptor, UTF-8 names) made as it is
 * read: content is pulled from its source only when the reader has taken what came before, so memory holds a
 * chunk or two whatever the archive's size. Without ZIP64, so each entry and the whole stay under 4 GB.
 */
export function zipStream(entries: readonly ZipEntry[], time = new Date()): Readable {
  const stamp = dosTimeDate(time);
  return Readable.from(
    (async function* () {
      const written: Written[] = [];
      let offset = 0;
      for (const entry of entries) {
        for await (const bytes of entryBytes(entry, offset, stamp, (w) => written.push(w))) {
          offset += bytes.length;
          yield bytes;
        }
      }
      const directory = Buffer.concat(written.map((w) => centralHeader(w, stamp)));
      if (offset > MAX_32) throw new Error('zip archive is past 4 GB');
      yield directory;
      yield endOfDirectory(written.length, directory.length, offset);
    })(),
    { objectMode: false },
  );
}
