/** The recording cannot be turned into samples: an unknown or damaged file, or no audio in it. */
export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';
}
