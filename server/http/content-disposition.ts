// Content-Disposition for downloads (DESIGN "Security and durability": names follow RFC
// 6266). `filename*` (RFC 8187) carries the name in UTF-8 for every current browser; the
// plain `filename` is an ASCII stand-in for clients that read nothing else.

/** RFC 8187 attr-char: what may stand unescaped in `filename*`. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

function encodeExtValue(name: string): string {
  let encoded = '';
  for (const byte of Buffer.from(name, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += byte < 0x80 && ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/**
 * Printable ASCII only, for the quoted `filename`: anything else becomes '_'. So do the
 * quote and backslash (no escaping to get wrong) and '%', which some browsers decode.
 */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]|["\\%]/gu, '_');

/** The final path segment alone, without control characters: a name, never a place. */
const baseName = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^.*[/\\]/, '') || 'download';

/** `attachment; filename="…"; filename*=UTF-8''…`: the browser saves the answer as `fileName`. */
export function attachmentDisposition(fileName: string): string {
  const name = baseName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
