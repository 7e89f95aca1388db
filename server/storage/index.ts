/**
 * Uploaded files: the Storage interface, its two drivers, and the one place that picks between
 * them. The S3 driver is imported only when configured: the AWS SDK takes a quarter of a second
 * to load, which every start and every test would otherwise pay.
 */
import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import type { Storage } from './storage';
import { removeAbandonedTemporaryFiles } from './write-atomically';

export { LocalStorage } from './local-storage';
export type { S3StorageOptions } from './s3-storage';
export {
  InvalidStorageKeyError,
  assertStorageKey,
  isStorageKey,
  type PutOptions,
  type Storage,
  type StoredFile,
} from './storage';

/** The storage STORAGE_DRIVER names: the local folder by default, an S3 bucket when configured. */
export async function createStorage(config: Pick<Config, 'storage'>): Promise<Storage> {
  const { storage } = config;
  if (storage.driver === 's3') {
    const { S3Storage } = await import('./s3-storage');
    return new S3Storage(storage);
  }
  // Half-written uploads of a process that was killed mid-write go at start.
  await removeAbandonedTemporaryFiles(storage.directory);
  return new LocalStorage(storage.directory);
}
