// Test helpers: multipart bodies as a browser sends them, and real images made with sharp.
import sharp from 'sharp';

export type FormPart = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** The bytes and Content-Type of a multipart/form-data body, encoded by the platform's FormData. */
export async function formBody(parts: FormPart[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, new Blob([new Uint8Array(part.data)], { type: part.type }), part.filename);
  }
  const request = new Request('http://heirloom.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export const imagePart = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): FormPart => ({ name: 'profileImage', filename, type, data });

const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c0392b' } });

/**
 * A phone photo: 800 × 400 pixels stored sideways (EXIF orientation 6, so it shows as
 * 400 × 800), with the camera's make and a GPS position in its EXIF.
 */
export function jpegWithGps(): Promise<Buffer> {
  return canvas(800, 400)
    .withExif({
      IFD0: { Make: 'Heirloom Test Camera' },
      IFD3: PHOTO_GPS,
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A position in Greenwich, as a phone writes it into a photo's EXIF. */
export const PHOTO_GPS = { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' };

/** EXIF stores the GPS block behind tag 0x8825, in either byte order. */
export const hasGpsTag = (exif: Buffer | undefined) =>
  Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));

export const imageOf = (format: 'png' | 'webp' | 'gif' | 'avif' | 'jpeg', width = 64, height = 48) =>
  canvas(width, height).toFormat(format).toBuffer();
