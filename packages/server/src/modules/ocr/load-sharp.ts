import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, as the scans use it: the one place the server loads it (prepare-image.ts and
 * chinese-reader.ts go through here; nothing else in the server uses it). Loaded with the
 * first scan, not at start: libvips holds memory once loaded.
 *
 * libvips' operation cache is off. By default it keeps up to 50 MB, 20 files and 100
 * operations for reuse, and no scan runs the same operation on the same pixels twice: every
 * upload is a new photo. Measured (docs/history/ocr-rounds.md, "The C allocator and sharp's cache"): up to
 * about 15 MB less peak resident memory, within the bench's noise, and no change in time.
 */
export const loadSharp = (): Promise<typeof sharpModule> =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
