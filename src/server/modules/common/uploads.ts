import type { Config } from '../../config.js';
import { S3UploadStore } from './upload-s3.js';
import { DirectoryUploadStore, type UploadStore } from './upload-store.js';

/** The bucket when S3_ENDPOINT and S3_BUCKET are set, else the upload folder. */
export function openUploadStore(config: Pick<Config, 'uploadDir' | 's3' | 'dataDir'>): UploadStore {
  return config.s3 ? new S3UploadStore(config.s3, config.dataDir) : new DirectoryUploadStore(config.uploadDir);
}
