import { describe, expect, it } from 'vitest';
import { hasChildNamed } from './child-names';

describe('hasChildNamed', () => {
  it('ignores case and surrounding spaces, not other letters', () => {
    const children = [{ name: 'Mei' }, { name: '小明' }];
    expect(hasChildNamed(' mei ', children)).toBe(true);
    expect(hasChildNamed('小明', children)).toBe(true);
    expect(hasChildNamed('Mei Ling', children)).toBe(false);
    expect(hasChildNamed('Arun', [])).toBe(false);
  });
});
