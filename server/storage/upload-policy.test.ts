import { Readable } from 'node:stream';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { detectUploadType, formatBytes, inspectUpload, readLimited, sanitizeFileName } from './upload-policy';

/* Small but valid files, built byte by byte so the test shows what each format looks like. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 1×1 white PNG. */
function buildPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 255, 255]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function buildPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
      'trailer <</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** A ZIP archive as Office and LibreOffice write them: deflated entries, except a stored `mimetype`. */
function buildZip(entries: { name: string; content: string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.content, 'utf8');
    const isStored = entry.name === 'mimetype';
    const compressed = isStored ? data : deflateRawSync(data);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0, at + 2); // flags
      header.writeUInt16LE(isStored ? 0 : 8, at + 4); // method
      header.writeUInt32LE(0, at + 6); // time and date
      header.writeUInt32LE(crc32(data), at + 10);
      header.writeUInt32LE(compressed.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function buildOpenXml(mainContentType: string, part: string): Buffer {
  return buildZip([
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        `<Override PartName="/${part}" ContentType="${mainContentType}"/></Types>`,
    },
    { name: '_rels/.rels', content: '<?xml version="1.0"?><Relationships/>' },
    { name: part, content: '<?xml version="1.0"?><document/>' },
  ]);
}

const buildDocx = () =>
  buildOpenXml('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', 'word/document.xml');
const buildXlsx = () => buildOpenXml('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'xl/workbook.xml');
const buildDocm = () => buildOpenXml('application/vnd.ms-word.document.macroEnabled.main+xml', 'word/document.xml');
const buildOdt = () =>
  buildZip([
    { name: 'mimetype', content: 'application/vnd.oasis.opendocument.text' },
    { name: 'content.xml', content: '<?xml version="1.0"?><office:document-content/>' },
  ]);

/** The start of a Windows executable: the DOS header pointing at a PE header. */
function buildExe(): Buffer {
  const exe = Buffer.alloc(256);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.writeUInt16LE(0x14c, 0x84); // i386
  return exe;
}

describe('detectUploadType', () => {
  it.each([
    ['PDF', buildPdf(), 'application/pdf', 'pdf'],
    ['PNG', buildPng(), 'image/png', 'png'],
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), 'image/jpeg', 'jpg'],
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif', 'gif'],
    ['WebP', Buffer.concat([Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(14)]), 'image/webp', 'webp'],
    ['DOCX', buildDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['XLSX', buildXlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
    ['ODT', buildOdt(), 'application/vnd.oasis.opendocument.text', 'odt'],
    ['UTF-8 text', Buffer.from('Kia ora, Māori suppliers\r\nLine two\tTabbed\n', 'utf8'), 'text/plain', 'txt'],
  ])('recognises %s by its content', async (_label, bytes, mime, extension) => {
    expect(await detectUploadType(bytes)).toEqual({ mime, extension });
  });

  it('goes by the content, not the name: a PNG called .exe is a PNG, an EXE called .pdf is refused', async () => {
    expect(await detectUploadType(buildPng(), 'setup.exe')).toEqual({ mime: 'image/png', extension: 'png' });
    expect(await detectUploadType(buildExe(), 'invoice.pdf')).toBeNull();
  });

  it('refuses containers that can carry anything, macros, and binary files with no known signature', async () => {
    expect(await detectUploadType(buildZip([{ name: 'readme.txt', content: 'hello' }]))).toBeNull();
    expect(await detectUploadType(buildDocm())).toBeNull();
    expect(await detectUploadType(Buffer.from([0x01, 0x02, 0x03, 0x00, 0xff]))).toBeNull();
    expect(await detectUploadType(Buffer.alloc(0))).toBeNull();
  });

  it('accepts text only when it is UTF-8 without NULs or other control characters', async () => {
    expect(await detectUploadType(Buffer.from('name,price\nWidget,10\n'), 'prices.CSV')).toEqual({ mime: 'text/csv', extension: 'csv' });
    expect(await detectUploadType(Buffer.from('café au lait', 'latin1'))).toBeNull(); // Windows-1252, not UTF-8
    expect(await detectUploadType(Buffer.from('\ufeffhello', 'utf16le'))).toBeNull(); // UTF-16: full of NULs
    expect(await detectUploadType(Buffer.from('abc\0def'))).toBeNull();
    expect(await detectUploadType(Buffer.from('abc\x1b[31mred'))).toBeNull();
    // A head cut in the middle of a character ("ā" is two bytes) is still text.
    expect(await detectUploadType(Buffer.from('Māori', 'utf8').subarray(0, 2))).toEqual({ mime: 'text/plain', extension: 'txt' });
  });
});

describe('inspectUpload', () => {
  it('answers the type, a header-ready content type and a safe name that matches the content', async () => {
    expect(await inspectUpload(buildPng(), 'photo.exe')).toEqual({
      mime: 'image/png',
      extension: 'png',
      contentType: 'image/png',
      fileName: 'photo.exe.png',
      size: buildPng().length,
    });
    expect((await inspectUpload(Buffer.from('echo hi'), 'run.bat')).fileName).toBe('run.bat.txt');
    expect((await inspectUpload(Buffer.from('echo hi'), 'notes.text')).contentType).toBe('text/plain; charset=utf-8');
    expect((await inspectUpload(buildPdf(), '')).fileName).toBe('file.pdf');
    expect((await inspectUpload(buildPng(), `${'a'.repeat(200)}.exe`)).fileName).toHaveLength(120);
  });

  it('refuses an empty file and a type off the list with messages a user can act on', async () => {
    await expect(inspectUpload(Buffer.alloc(0), 'empty.pdf')).rejects.toMatchObject({ statusCode: 400, message: 'The selected file is empty.' });
    for (const withPath of ['../../etc/passwd.pdf', 'C:\\Users\\me\\Quote.PDF', 'folder/quote.pdf']) {
      await expect(inspectUpload(buildPdf(), withPath)).rejects.toMatchObject({ statusCode: 400, message: 'The file name must not contain a folder path.' });
    }
    const refusal = inspectUpload(buildExe(), 'invoice.pdf');
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ statusCode: 415, message: expect.stringContaining('cannot be uploaded') as string });
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\x\\y.pdf', 'y.pdf'],
    ['/var/www/../report.docx', 'report.docx'],
    ['CON.txt', '_CON.txt'],
    ['lpt1', '_lpt1'],
    ['com1.tar.gz', '_com1.tar.gz'],
    ['console.txt', 'console.txt'],
    ['quote\r\nX-Injected: yes.pdf', 'quote X-Injected_ yes.pdf'],
    ['multi\n\nline\tname .pdf', 'multi line name.pdf'],
    ['bell\x07\x00.pdf', 'bell.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['  ..hidden.pdf', 'hidden.pdf'],
    ['trailing dots...', 'trailing dots'],
    ['a<b>c:d"e|f?g*.pdf', 'a_b_c_d_e_f_g_.pdf'],
    ['Ma\u0304ori.pdf', 'Māori.pdf'],
    ['', 'file'],
    ['../..', 'file'],
    ['.pdf', 'pdf'],
    ['dir/', 'file'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('keeps the extension when it shortens a long name to 120 characters, without splitting a character', () => {
    const long = sanitizeFileName(`${'x'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(120);
    expect(long.endsWith('x.xlsx')).toBe(true);
    const emoji = sanitizeFileName(`${'😀'.repeat(130)}.pdf`);
    expect(Array.from(emoji)).toHaveLength(120);
    expect(emoji.endsWith('😀.pdf')).toBe(true);
  });
});

describe('readLimited', () => {
  it('reads a stream up to the limit and refuses one byte more with a 413', async () => {
    const bytes = await readLimited(Readable.from([Buffer.alloc(6), Buffer.alloc(4)]), 10);
    expect(bytes).toHaveLength(10);
    const tooLarge = Readable.from([Buffer.alloc(6), Buffer.alloc(5), Buffer.alloc(1000)]);
    await expect(readLimited(tooLarge, 10)).rejects.toMatchObject({ statusCode: 413, message: expect.stringContaining('10 bytes') as string });
    expect(tooLarge.destroyed).toBe(true);
  });

  it('refuses a stream @fastify/multipart truncated at its fileSize limit', async () => {
    const truncated = Object.assign(Readable.from([Buffer.alloc(10)]), { truncated: true });
    await expect(readLimited(truncated, 10 * 1024 * 1024)).rejects.toMatchObject({
      statusCode: 413,
      message: 'The file is larger than 10 MB. Upload a file of 10 MB or less.',
    });
  });

  it('formats limits the way people read file sizes', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(500 * 1024)).toBe('500 KB');
  });
});
