// yazl checksums every entry with buffer-crc32, a JavaScript loop over each byte (about
// 250 MB/s on this machine), and a month archive checksums each byte twice: inside its
// memory's zip, then again as part of that zip. Node's zlib.crc32 (Node 20.15+) computes the
// same CRC-32 natively, several times faster; the copy of buffer-crc32 that yazl itself loads
// is given it. The archive tests check every entry's CRC against its bytes, with Info-ZIP too.
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

export function useNativeCrc32InYazl(): void {
  const requireAsYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const yazlCrc32 = requireAsYazl('buffer-crc32') as { unsigned(data: Buffer, previous?: number): number };
  yazlCrc32.unsigned = (data, previous = 0) => crc32(data, previous);
}
