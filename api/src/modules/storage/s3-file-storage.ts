import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config/config';
import { assertSafeKey, FileStorage, StoredFileNotFoundError } from './file-storage';

const isNotFound = (err: unknown): boolean =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (typeof err === 'object' &&
    err !== null &&
    ((err as { name?: unknown }).name === 'NoSuchKey' ||
      (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404));

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph, R2 …): every instance reads and writes the
 * same bucket. Uploads stream through lib-storage's multipart Upload (parts of 5 MB; a failed
 * upload is aborted, so nothing half-written stays visible).
 */
export class S3FileStorage extends FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly s3: S3Config) {
    super();
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Checksums only when the operation needs them: S3-compatible servers differ in support.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.s3.bucket }));
    } catch (err) {
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      throw new Error(`S3 bucket "${this.s3.bucket}" at ${this.s3.endpoint} is not usable (${reason})`);
    }
  }

  async put(key: string, body: Readable): Promise<void> {
    assertSafeKey(key);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.s3.bucket,
        Key: key,
        Body: body,
        // The real type is decided by sniffing and served from the database row.
        ContentType: 'application/octet-stream',
      },
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      body.destroy();
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      if (!(res.Body instanceof Readable)) throw new Error('S3 returned no body stream');
      return res.Body;
    } catch (err) {
      if (isNotFound(err)) throw new StoredFileNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  override close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}
