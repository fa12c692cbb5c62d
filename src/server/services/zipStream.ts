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

function dosTimeDate(time: Date): { time: number; date: number } {
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

function localHeader(name: Buffer, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  // CRC and sizes (14-25) stay 0: the data descriptor carries them. Extra field length (28) 0.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralHeader(entry: Written, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra, comment, disk number, attributes (30-41): none.
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

async function* chunksOf(content: ZipEntry['content']): AsyncGenerator<string> {
  if (typeof content === 'string') yield content;
  else yield* content;
}

/** One entry: its header, its deflated content as it is pulled, its data descriptor. */
async function* entryBytes(entry: ZipEntry, offset: number, stamp: { time: number; date: number }, done: (written: Written) => void): AsyncGenerator<Buffer> {
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
