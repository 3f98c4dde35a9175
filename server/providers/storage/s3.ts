// The `s3` driver: one object per key in any S3-compatible bucket (AWS, MinIO, R2, Garage),
// for the several-instances setup (DESIGN "Growing past one machine"). Loaded only when STORAGE=s3.
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config.js';
import { assertMediaKey, isMediaKey } from './keys.js';
import { signPostPolicy } from './s3-post-policy.js';
import type { ByteRange, ListedObject, MediaStat, MediaStore, PresignedGetOptions, PresignedPost, PresignedPostOptions, StoredObject } from './types.js';

/**
 * Parts of a multipart upload: S3's minimum is 5 MiB. At most PART_QUEUE parts are in
 * memory per upload, so a 250 MB video costs ~16 MB of memory, never the whole body.
 */
const PART_SIZE = 8 * 1024 * 1024;
const PART_QUEUE = 2;

/** "Not there" as S3 says it: NoSuchKey from GET, a bare 404 from HEAD. */
const isMissing = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 404;

export class S3MediaStore implements MediaStore {
  readonly driver = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly signer: S3Client;

  constructor(config: S3Config) {
    // STACK-NOTES: the SDK is pinned to a release that still supports Node 20; its warning
    // about future releases says nothing an operator can act on.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.bucket = config.bucket;
    this.client = clientFor(config, config.endpoint);
    // Signing makes no connection: a client for the browsers' address only writes addresses.
    this.signer = config.publicEndpoint ? clientFor(config, config.publicEndpoint) : this.client;
  }

  async put(key: string, body: Readable, options: { contentType: string }): Promise<MediaStat> {
    let size = 0;
    let counted: Readable | undefined;
    try {
      assertMediaKey(key);
      // Counted on the way through: S3 reports no size for a multipart upload.
      counted = Readable.from(
        (async function* () {
          for await (const chunk of body) {
            const bytes: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
            size += bytes.length;
            yield bytes;
          }
        })(),
      );
      // Multipart past PART_SIZE. An object appears only when the last part is in (a single
      // PUT or CompleteMultipartUpload); a failed stream aborts the upload, so nothing is
      // left under `key` (real S3 also drops the parts; a bucket lifecycle rule on
      // incomplete multipart uploads catches a process killed mid-upload).
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: options.contentType },
        partSize: PART_SIZE,
        queueSize: PART_QUEUE,
      });
      await upload.done();
      return { size };
    } catch (error) {
      // Whoever feeds `body` must not wait forever on a store that gave up.
      counted?.destroy();
      body.destroy();
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertMediaKey(key);
    // S3 ignores a reversed range and sends everything; the interface refuses it instead.
    if (range && !(range.start >= 0 && range.start <= range.end)) {
      throw new RangeError(`Range ${range.start}-${range.end} is reversed`);
    }
    let response;
    try {
      response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const body = response.Body as Readable;
    if (!range) return { body, size: response.ContentLength ?? 0, range: null };
    // `bytes 100-1099/5000`. S3 shortens a range that runs past the end; the interface
    // (like the local driver) refuses it, since the caller already checked it against stat.
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? '');
    const sentEnd = Number(match?.[2]);
    if (!match || Number(match[1]) !== range.start || sentEnd < range.end) {
      body.destroy();
      throw new RangeError(`Range ${range.start}-${range.end} is outside the object`);
    }
    // Some S3-compatible stores send more than asked (s3rver reads `bytes=0-0` as `0-`):
    // only the asked bytes go on.
    const wanted = range.end - range.start + 1;
    return { body: sentEnd > range.end ? Readable.from(firstBytes(body, wanted)) : body, size: Number(match[3]), range };
  }

  async stat(key: string): Promise<MediaStat | null> {
    assertMediaKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    // S3 answers 204 for a missing key too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        // A shared bucket may hold other things; only our keys are ours to report.
        if (object.Key && isMediaKey(object.Key)) {
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Copy, then delete: S3 has no rename. The copy is the object as it was at that instant, so
   * a browser writing to `from` afterwards changes neither it nor what was checked in it.
   */
  async move(from: string, to: string): Promise<MediaStat | null> {
    assertMediaKey(from);
    assertMediaKey(to);
    try {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}` }));
    } catch (error) {
      // A missing source is NoSuchKey, 404.
      if (isMissing(error)) return null;
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: from }));
    return this.stat(to);
  }

  /**
   * A POST form for `key` bound to `contentType` and at most `maxBytes`: S3 refuses another
   * type or a larger file. Signed for the browsers' address (S3_PUBLIC_ENDPOINT) when set.
   */
  async presignedPost(key: string, options: PresignedPostOptions): Promise<PresignedPost> {
    assertMediaKey(key);
    // The bucket's own address as the SDK spells it for this endpoint and addressing style
    // (path-style `{endpoint}/{bucket}` for s3rver and MinIO, `{bucket}.s3.…` on AWS).
    const bucketAddress = new URL(await getSignedUrl(this.signer, new HeadBucketCommand({ Bucket: this.bucket }), { expiresIn: 60 }));
    const credentials = await this.signer.config.credentials();
    return signPostPolicy({
      url: `${bucketAddress.origin}${bucketAddress.pathname.replace(/\/$/, '')}`,
      bucket: this.bucket,
      key,
      contentType: options.contentType,
      maxBytes: options.maxBytes,
      expiresIn: options.expiresIn,
      now: new Date(),
      region: await this.signer.config.region(),
      credentials,
    });
  }

  /** A GET address whose answer carries the checked type and disposition, not the uploader's. */
  async presignedGetUrl(key: string, options: PresignedGetOptions): Promise<string> {
    assertMediaKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.disposition,
      ResponseCacheControl: options.cacheControl,
    });
    return getSignedUrl(this.signer, command, { expiresIn: options.expiresIn });
  }

  /** Closes the client's kept-alive connections (shutdown, tests). */
  close(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}

function clientFor(config: S3Config, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // STACK-NOTES: the SDK's default checksums frame streamed bodies in chunks that
    // s3rver and several S3-compatible stores keep as part of the object, and would be
    // signed into presigned PUTs a browser cannot compute. Checksums only where required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The first `count` bytes of `source`; leaving the loop early closes `source`. */
async function* firstBytes(source: Readable, count: number): AsyncGenerator<Buffer> {
  let left = count;
  for await (const chunk of source) {
    const bytes = chunk as Buffer;
    yield bytes.length <= left ? bytes : bytes.subarray(0, left);
    left -= Math.min(left, bytes.length);
    if (left === 0) return;
  }
}
