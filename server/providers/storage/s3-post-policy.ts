// A browser upload form for S3 (POST Object with a policy, Signature Version 4): the only kind
// of signed upload S3 lets cap the size, by the policy's `content-length-range` (issue 19: a
// presigned PUT took any size). Written here rather than with @aws-sdk/s3-presigned-post:
// its newest release pins @aws-sdk/client-s3 to 3.1164.0 exactly, which would install a
// second copy of the SDK beside the one package.json pins (STACK-NOTES: pinned for Node 20),
// for some twenty lines of HMAC.
// https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
import { createHmac } from 'node:crypto';

export interface PostPolicyInput {
  /** Where the form goes: the bucket's address as browsers reach it. */
  url: string;
  bucket: string;
  key: string;
  contentType: string;
  /** Inclusive, in bytes: the file must be 1 to maxBytes long. */
  maxBytes: number;
  expiresIn: number;
  now: Date;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** `20261125T190000Z` and `20261125`, as SigV4 writes dates. */
function amzDates(now: Date): { dateTime: string; date: string } {
  const dateTime = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return { dateTime, date: dateTime.slice(0, 8) };
}

/** The form fields, in the order to send them (the file goes last, as S3 requires). */
export function signPostPolicy(input: PostPolicyInput): { url: string; fields: Record<string, string> } {
  const { dateTime, date } = amzDates(input.now);
  const { accessKeyId, secretAccessKey, sessionToken } = input.credentials;
  const fields: Record<string, string> = {
    key: input.key,
    // The object keeps this type; a form naming another one is refused.
    'Content-Type': input.contentType,
    bucket: input.bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${accessKeyId}/${date}/${input.region}/s3/aws4_request`,
    'X-Amz-Date': dateTime,
    ...(sessionToken ? { 'X-Amz-Security-Token': sessionToken } : {}),
  };
  const expiration = new Date(input.now.getTime() + input.expiresIn * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const policy = {
    expiration,
    conditions: [...Object.entries(fields).map(([name, value]) => ({ [name]: value })), ['content-length-range', 1, input.maxBytes]],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), input.region), 's3'), 'aws4_request');
  return { url: input.url, fields: { ...fields, Policy: encoded, 'X-Amz-Signature': hmac(signingKey, encoded).toString('hex') } };
}
