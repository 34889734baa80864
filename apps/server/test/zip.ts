import { crc32, deflateRawSync } from 'node:zlib';

// Tests of the spreadsheet reader and the import routes build zips by hand, so headers can lie.
export interface ZipFile {
  name: string;
  data: Buffer;
  // The uncompressed size written in the headers; the real one unless a test lies.
  declared?: number;
  stored?: boolean;
}

// A zip written by hand, so tests can make the headers lie.
export function zipOf(files: ZipFile[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const packed = f.stored ? f.data : deflateRawSync(f.data);
    const name = Buffer.from(f.name);
    const fields = (b: Buffer, at: number) => {
      b.writeUInt16LE(f.stored ? 0 : 8, at);
      b.writeUInt32LE(crc32(f.data), at + 6);
      b.writeUInt32LE(packed.length, at + 10);
      b.writeUInt32LE(f.declared ?? f.data.length, at + 14);
      b.writeUInt16LE(name.length, at + 18);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    fields(local, 8);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    fields(central, 10);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    directory.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}
