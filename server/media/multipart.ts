// The one reader of multipart forms that carry files (DESIGN "Files come in through
// server/media/ only, after the caller is authorized for the form's fields"). The text
// fields come first; the caller's `authorize` sees them before the first file part is
// accepted, so a caller who may not do this hears 404/403 before any photo is resized or
// stored. Each file streams into the store through its kind's byte gate as it arrives;
// whatever goes wrong (a refused part, a client that hangs up, bad fields) drains the rest
// of the body and removes every file this form wrote.
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { discardFiles } from './staged.js';
import { discardRestOfBody } from './upload-body.js';

/** The text fields seen so far: one value each, or every value of a repeated field. */
export type FormFields = Record<string, string | string[]>;

/** A file part as it arrives: its field's name and its bytes, still streaming. */
export interface FilePart {
  fieldname: string;
  /** The file's name as the browser sent it: words only, never a path or a type (issue 19: a refusal names the file). */
  filename: string;
  file: Readable & { truncated: boolean };
}

export interface MultipartOptions<A> {
  limits: { fileSize: number; files: number; fieldSize: number; fields: number };
  /** Fields that may repeat; their values are kept in order as a list. */
  repeated?: readonly string[];
  /**
   * Runs once, with the fields seen before the first file part (or with all of them when
   * no file comes): throws to refuse the form before any file is accepted; answers what
   * the file handler and the caller need (a parsed form, the object being changed).
   */
  authorize(fields: FormFields): Promise<A>;
  /** Stages one file part into the store and answers the keys it wrote (it cleans up after its own failure). */
  file(part: FilePart, authorized: A): Promise<string[]>;
  /**
   * `refuse` (the default): a text field after a file is 400, since `authorize` could not
   * have seen it. `accept` for forms whose authorization does not depend on their fields.
   */
  fieldsAfterFiles?: 'refuse' | 'accept';
  /** A field longer than limits.fieldSize, in the caller's words. */
  fieldTooLong: string;
  /** The plugin's cut of a file past limits.fileSize, in the caller's words. */
  fileTooLarge(fieldname: string): HttpError;
  /** The multipart plugin's own refusals (FST_FILES_LIMIT…) in the caller's words. */
  translate?(error: unknown): unknown;
}

export interface MultipartForm<A> {
  fields: FormFields;
  authorized: A;
  /** Every key the form wrote: the caller's to record in rows, or to discard if it fails later. */
  keys: string[];
}

export async function readMultipart<A>(ctx: Pick<AppContext, 'media'>, request: FastifyRequest, options: MultipartOptions<A>): Promise<MultipartForm<A>> {
  const fields: FormFields = {};
  const keys: string[] = [];
  const repeated = new Set(options.repeated ?? []);
  let authorization: { value: A } | null = null;
  const authorized = async (): Promise<A> => {
    authorization ??= { value: await options.authorize(fields) };
    return authorization.value;
  };
  try {
    // STACK-NOTES: the plugin's 1 MiB default silently truncates; every form names its limits.
    const parts = request.parts({ limits: options.limits });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (authorization && options.fieldsAfterFiles !== 'accept') throw badRequest(messages.formFieldsAfterFiles);
        if (part.valueTruncated) throw badRequest(options.fieldTooLong);
        // multipart/form-data turns every line break into CRLF on the way (HTML's form
        // encoding); text is stored with the LF the user typed, as JSON calls send it.
        const value = String(part.value).replace(/\r\n?/g, '\n');
        const earlier = fields[part.fieldname];
        fields[part.fieldname] = repeated.has(part.fieldname) ? [...(Array.isArray(earlier) ? earlier : []), value] : value;
        continue;
      }
      const allowed = await authorized();
      keys.push(...(await options.file({ fieldname: part.fieldname, filename: part.filename, file: part.file }, allowed)));
      // Each kind's gate refuses below the plugin's limit; this catches the plugin's own cut.
      if (part.file.truncated) throw options.fileTooLarge(part.fieldname);
    }
    return { fields, authorized: await authorized(), keys };
  } catch (error) {
    discardRestOfBody(request);
    await discardFiles(ctx.media, keys);
    throw options.translate ? options.translate(error) : error;
  }
}
