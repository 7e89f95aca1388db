/**
 * Files in an S3 bucket: AWS S3 or any S3-compatible server (MinIO, Ceph, Garage…) through
 * S3_ENDPOINT. The object's Content-Type holds the content type, so nothing is stored beside it.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { assertContentType, assertStorageKey, type PutOptions, type Storage, type StoredFile } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  /** Omitted: the AWS SDK's default chain (environment, shared profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * A stream of unknown size goes up in parts of this size (S3's smallest but the last), one at a
 * time: a process holds about one part of it, whatever the file's size (issue 33's flat memory).
 */
export const STREAM_PART_SIZE = 5 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

export class S3Storage implements Storage {
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      // Checksums only where S3 demands them: many S3-compatible servers reject the SDK's
      // default trailing checksums (aws-chunked bodies) on PutObject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    assertStorageKey(key);
    assertContentType(options.contentType);
    if (!Buffer.isBuffer(body) && options.size === undefined) {
      await this.putStream(key, body, options.contentType);
      return;
    }
    if (Buffer.isBuffer(body) && options.size !== undefined && body.length !== options.size) {
      throw new Error(`Expected ${options.size} bytes, received ${body.length}`);
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        ContentLength: Buffer.isBuffer(body) ? body.length : options.size,
      }),
    );
  }

  /**
   * A stream whose size is known only at its end (the open data's bulk file, written as it is read
   * from the database). S3 needs each request's length first, so the SDK's managed upload sends it
   * as a multipart upload of STREAM_PART_SIZE parts (one PutObject when it is shorter than a part),
   * and aborts the upload, leaving nothing behind, when the stream or a part fails.
   */
  private async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: STREAM_PART_SIZE,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(response.Body instanceof Readable)) {
        throw new Error('The S3 response has no readable body');
      }
      return {
        body: response.Body,
        contentType: response.ContentType ?? 'application/octet-stream',
        size: response.ContentLength ?? 0,
      };
    } catch (error) {
      if (isNotFound(error)) {
        return null;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers 204 for a missing key too, which is the contract.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the client's keep-alive sockets. */
  destroy(): void {
    this.client.destroy();
  }
}
