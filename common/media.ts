// Media types accepted by the server, shared so the web's file pickers offer the same ones.

/**
 * DESIGN "Edge decisions": images are JPEG, PNG, WebP, GIF or AVIF, checked by their bytes,
 * never SVG. HEIC is tried too (phones send it) and refused in words when it cannot be read.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** The `accept` attribute of an image picker: the accepted types plus HEIC, which phones send. */
export const IMAGE_PICKER_ACCEPT = [...ACCEPTED_IMAGE_TYPES, 'image/heic', 'image/heif'].join(',');
