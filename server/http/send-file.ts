/**
 * Answers a request with a stored file as a download: its stored type, never sniffed, under its
 * own name. The routes that serve files (the authorised download, a live listing's documents) say
 * how long it may be kept.
 */
import type { FastifyReply } from 'fastify';
import type { StoredFile } from '../storage/storage';
import { attachmentDisposition } from './content-disposition';

/** A stored file opened for reading, with the name and type it was uploaded with. */
export interface DownloadableFile {
  fileName: string;
  contentType: string;
  file: StoredFile;
}

export function sendFileDownload(reply: FastifyReply, download: DownloadableFile, cacheControl: string): FastifyReply {
  return reply
    .header('content-type', download.contentType)
    .header('content-length', download.file.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', attachmentDisposition(download.fileName))
    .header('cache-control', cacheControl)
    .send(download.file.body);
}
