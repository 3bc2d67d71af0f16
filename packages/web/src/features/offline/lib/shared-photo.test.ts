import { describe, expect, it } from 'vitest';
import {
  SHARED_PHOTO_MAX_AGE_MS,
  afterShareHref,
  isFreshShare,
  pickSharedImage,
  shareProblemHref,
} from './shared-photo';

const CHILD = '0b7d5a2e-3f1c-4c8e-9a65-1d2e3f4a5b6c';

describe('a photo shared to SpellWell', () => {
  it('is the first non-empty image of the share; text, other files and empty ones are passed over', () => {
    const form = new FormData();
    form.append('title', 'Spelling');
    form.append('image', new File(['%PDF'], 'list.pdf', { type: 'application/pdf' }));
    form.append('image', new File([], 'empty.png', { type: 'image/png' }));
    form.append('image', new File(['jpeg bytes'], 'sheet.jpg', { type: 'image/jpeg' }));
    form.append('image', new File(['png bytes'], 'second.png', { type: 'image/png' }));
    expect(pickSharedImage(form)?.name).toBe('sheet.jpg');

    const noImage = new FormData();
    noImage.append('text', 'words');
    noImage.append('files', new File(['png'], 'wrong-field.png', { type: 'image/png' }));
    expect(pickSharedImage(noImage)).toBeNull();
  });

  it("leads to the last child's Add New Practice (flagged), else to /dashboard; never to a path from junk", () => {
    expect(afterShareHref(CHILD)).toBe(`/add-words/${CHILD}?shared=1`);
    expect(afterShareHref(null)).toBe('/dashboard');
    expect(afterShareHref('')).toBe('/dashboard');
    expect(afterShareHref('../../evil.example/x')).toBe('/dashboard');
    expect(afterShareHref(`${CHILD}/../x`)).toBe('/dashboard');
    expect(shareProblemHref('no-image')).toBe('/share-target?error=no-image');
  });

  it(`is scanned for ${SHARED_PHOTO_MAX_AGE_MS / 60_000} minutes after it arrived, not after, nor with a bad time`, () => {
    const now = Date.UTC(2026, 10, 23, 16, 0);
    expect(isFreshShare(now, now)).toBe(true);
    expect(isFreshShare(now - SHARED_PHOTO_MAX_AGE_MS, now)).toBe(true);
    expect(isFreshShare(now - SHARED_PHOTO_MAX_AGE_MS - 1, now)).toBe(false);
    expect(isFreshShare(Number('not a time'), now)).toBe(false);
    expect(isFreshShare(now + 24 * 3600_000, now)).toBe(false);
  });
});
