// sharp as the server uses it: every image module imports it from here, so these settings
// hold wherever an image is decoded.
import sharp from 'sharp';

// libvips keeps recent operations and their pixels (up to 50 MB) for a program that opens the
// same file again. Every upload is a new image, so the cache never hits and only holds memory:
// a server under a stream of photo uploads grew its RSS by tens of MB a minute with it
// (bench/README.md, mixed load).
sharp.cache(false);

export default sharp;
export type { Metadata, OutputInfo, Sharp } from 'sharp';
