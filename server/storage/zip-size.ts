/**
 * How many bytes a ZIP file (an .xlsx or .docx is one) holds once unpacked, counted by unpacking
 * each entry with a ceiling: a small upload that would unpack to gigabytes (a "zip bomb") is
 * refused before a library reads it whole into memory. The sizes an archive declares are not
 * trusted; only what inflating gives.
 */
import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * The unpacked size of the archive when it is at most `maxBytes`; null when it is larger, or is not
 * a ZIP file this can read (ZIP64, encrypted or an unusual compression are not spreadsheets we made).
 */
export function unpackedZipSize(bytes: Buffer, maxBytes: number): number | null {
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= searchFrom; offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) {
    return null;
  }
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let total = 0;
  try {
    for (let index = 0; index < entries; index += 1) {
      if (bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) {
        return null;
      }
      const method = bytes.readUInt16LE(offset + 10);
      const compressedSize = bytes.readUInt32LE(offset + 20);
      const localOffset = bytes.readUInt32LE(offset + 42);
      offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
      if (bytes.readUInt32LE(localOffset) !== LOCAL_HEADER || compressedSize === 0xffffffff) {
        return null;
      }
      const start = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
      const packed = bytes.subarray(start, start + compressedSize);
      if (method === STORED) {
        total += packed.length;
      } else if (method === DEFLATED) {
        // One byte over what is left is enough to know it is too big.
        total += inflateRawSync(packed, { maxOutputLength: Math.max(1, maxBytes - total + 1) }).length;
      } else {
        return null;
      }
      if (total > maxBytes) {
        return null;
      }
    }
  } catch {
    // Past the end of the file, a corrupt stream, or over the ceiling (RangeError from zlib).
    return null;
  }
  return total;
}
