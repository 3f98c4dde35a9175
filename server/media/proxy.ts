// GET /api/download-proxy?url= (memories §7; DESIGN "download-proxy"): the bytes of this
// server's own media from the app's own origin. The address is never fetched: it is read
// back into a storage key, and an address naming anything else is refused before any
// connection or name lookup could happen.
import { isIP } from 'node:net';
import { messages } from '../../common/messages.js';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { mediaKeyAt, UPLOADS_PATH, type MediaLocation } from './addresses.js';
import { readMedia, type MediaConditions, type MediaReply } from './service.js';

/**
 * Every place the server's media appears in the addresses it gives out: /uploads/ of the
 * app (app-relative, as the memory JSON has it, or under PUBLIC_URL), and with S3 storage
 * the objects of the configured bucket as the S3 driver signs them (at the browsers' address).
 */
export function ownMediaLocations(config: Pick<Config, 'publicUrl' | 's3'>): MediaLocation[] {
  const locations: MediaLocation[] = [
    { origin: '', pathPrefix: UPLOADS_PATH },
    { origin: config.publicUrl.origin, pathPrefix: UPLOADS_PATH },
  ];
  const s3 = config.s3;
  if (!s3) return locations;
  // Without an endpoint the SDK talks to AWS, addressing the bucket by host or by path.
  const endpoint = s3.publicEndpoint ?? s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`;
  return [...locations, ...bucketLocations(new URL(endpoint), s3.bucket, s3.forcePathStyle)];
}

/** The addresses the S3 driver signs for `bucket` at `endpoint`. */
function bucketLocations(endpoint: URL, bucket: string, forcePathStyle: boolean): MediaLocation[] {
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const locations: MediaLocation[] = [{ origin: endpoint.origin, pathPrefix: `${basePath}/${bucket}/` }];
  // Virtual-hosted addresses unless the operator forced path style (MinIO, Garage, s3rver);
  // the SDK never puts a bucket in front of an IP address.
  if (!forcePathStyle && !isIP(endpoint.hostname.replace(/^\[(.*)\]$/, '$1'))) {
    locations.push({ origin: new URL(`${endpoint.protocol}//${bucket}.${endpoint.host}`).origin, pathPrefix: `${basePath}/` });
  }
  return locations;
}

/** The storage key `url` names when it is one of the server's own media addresses; else null. */
export function mediaKeyOfProxyUrl(url: string, config: Pick<Config, 'publicUrl' | 's3'>): string | null {
  return mediaKeyAt(url, ownMediaLocations(config));
}

/**
 * The media `url` names, with the access check and answer of GET /uploads/{key}; S3 media is
 * streamed through the app rather than redirected to the bucket.
 */
export async function readProxiedMedia(ctx: AppContext, viewer: UserRow, url: string, conditions: MediaConditions): Promise<MediaReply> {
  const key = mediaKeyOfProxyUrl(url, ctx.config);
  if (!key) throw badRequest(URL.canParse(url, ctx.config.publicUrl) ? messages.proxyUrlNotAllowed : messages.proxyUrlInvalid);
  return readMedia(ctx, viewer, key, conditions, { throughApp: true });
}
