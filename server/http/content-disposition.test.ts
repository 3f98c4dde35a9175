// RFC 6266 names for downloads: UTF-8 survives in filename* (RFC 8187) and the plain
// filename stays a safe ASCII stand-in.
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.js';

/** What a browser saves the answer as: filename*, decoded, when present. */
const savedAs = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)$/.exec(header)![1]!);

describe('attachmentDisposition', () => {
  it('writes a plain name the same in both forms', () => {
    expect(attachmentDisposition('memory_1_lake_2026_11_21_0010.zip')).toBe(
      `attachment; filename="memory_1_lake_2026_11_21_0010.zip"; filename*=UTF-8''memory_1_lake_2026_11_21_0010.zip`,
    );
  });

  it('keeps a UTF-8 name whole in filename* and puts underscores for it in filename', () => {
    const header = attachmentDisposition('Été à Nîmes 🎉.zip');
    expect(header).toBe(`attachment; filename="_t_ _ N_mes _.zip"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20N%C3%AEmes%20%F0%9F%8E%89.zip`);
    expect(savedAs(header)).toBe('Été à Nîmes 🎉.zip');
  });

  it("escapes what would end the quoted name or the parameter: quotes, ';', '%', and RFC 8187's non-attr-chars", () => {
    const header = attachmentDisposition(`a"b;c%d'e(f)*g,h.zip`);
    expect(header).toBe(`attachment; filename="a_b;c_d'e(f)*g,h.zip"; filename*=UTF-8''a%22b%3Bc%25d%27e%28f%29%2Ag%2Ch.zip`);
    expect(savedAs(header)).toBe(`a"b;c%d'e(f)*g,h.zip`);
  });

  it('names a file, never a place: folders and control characters go', () => {
    expect(savedAs(attachmentDisposition('../../etc/pass\r\nwd.zip'))).toBe('passwd.zip');
    expect(savedAs(attachmentDisposition('C:\\Users\\x.zip'))).toBe('x.zip');
    expect(savedAs(attachmentDisposition('folder/'))).toBe('download');
  });
});
