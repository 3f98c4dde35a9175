// The one place a media store is built (STYLE: an interface, its drivers and a factory).
import { join } from 'node:path';
import { ConfigError, type Config } from '../../config.js';
import { LocalMediaStore } from './local.js';
import type { MediaStore } from './types.js';

export { isMediaKey, mediaFolders, newMediaKey, typeOfKey, type MediaFolder } from './keys.js';
export {
  InvalidMediaKeyError,
  type ByteRange,
  type ListedObject,
  type MediaStat,
  type MediaStore,
  type PresignedGetOptions,
  type PresignedPost,
  type PresignedPostOptions,
  type PutOptions,
  type StoredObject,
} from './types.js';

/** Local media lives beside the SQLite file, so one folder holds (and backs up) everything. */
export const localMediaRoot = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'media');

/**
 * The store named by STORAGE. Async so that the S3 driver is imported only where it is
 * used (the AWS SDK is large and a single machine never needs it).
 */
export async function createMediaStore(config: Pick<Config, 'storage' | 'dataDir'> & Partial<Pick<Config, 's3'>>): Promise<MediaStore> {
  if (config.storage === 's3') {
    // loadConfig already refuses STORAGE=s3 without a bucket; this guards hand-made configs.
    if (!config.s3) throw new ConfigError('Configuration error: S3_BUCKET must be set when STORAGE is s3');
    const { S3MediaStore } = await import('./s3.js');
    return new S3MediaStore(config.s3);
  }
  const store = new LocalMediaStore(localMediaRoot(config));
  await store.sweepTemp();
  return store;
}
