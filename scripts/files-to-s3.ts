/**
 * Copies `${DATA_DIR}/files` into the bucket S3_BUCKET (the SDK's variables say where and as whom),
 * under the same keys, so an installation can move its stored files to object storage. Safe to
 * repeat: objects already there with the same size are skipped. Run it before starting the app
 * with S3_BUCKET, and again after, to catch what was uploaded in between.
 *
 *   S3_BUCKET=porton AWS_ENDPOINT_URL_S3=http://minio:9000 … npm run files:to-s3
 */
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { copyFolderToS3 } from '../src/server/platform/services/storage-copy.js';
import { s3Client } from '../src/server/platform/services/storage-s3.js';

const config = loadConfig();
if (!config.s3Bucket) {
  console.error('Falta S3_BUCKET: el bucket al que se copian los archivos.');
  process.exit(2);
}
const root = resolve(config.dataDir, 'files');
const client = s3Client();
const report = await copyFolderToS3(root, client, config.s3Bucket, (key, copied) =>
  console.log(`${copied ? 'copiado ' : 'ya estaba'} ${key}`),
);
client.destroy();
console.log(
  `${root} → s3://${config.s3Bucket}: ${report.copied} copiados (${report.bytes} bytes), ${report.skipped} ya estaban.`,
);
