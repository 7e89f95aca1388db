/**
 * The one way a route answers with a CSV file (the directory's export, and the team's audit log,
 * engagement notices and billing reports): records streamed through csv-stringify with a header
 * row and a byte-order mark (so Excel reads UTF-8, macrons in Māori names, instead of the system
 * code page), as an attachment named by the one Content-Disposition builder, never cached.
 */
import { Readable, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
import { Type } from 'typebox';
import { attachmentDisposition } from './content-disposition';

/** The 200 answer of a CSV route, for its schema: typed as the stream sent, documented as the text it carries. */
export const CsvResponseSchema = {
  description: 'UTF-8 CSV with a byte-order mark, as an attachment',
  content: { 'text/csv': { schema: Type.Unsafe<Readable>({ type: 'string' }) } },
};

export interface CsvFile {
  /** The name the browser saves the file under. */
  fileName: string;
  columns: readonly string[];
  /** One array of cells a row, already neutralised against formula injection. */
  records: AsyncIterable<string[]>;
  /** What the log says when the stream fails, e.g. 'directory export failed'. */
  failureMessage: string;
}

/** Streams the records as a CSV download; call it once the request is checked, as the answer starts. */
export function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  const csv = stringify({ header: true, columns: [...file.columns], bom: true });
  pipeline(Readable.from(file.records), csv, (error) => {
    if (error) {
      // Headers are gone by now: the client sees a cut-off download; the log says why.
      reply.request.log.error({ err: error }, file.failureMessage);
    }
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(csv);
}
