import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from './time-zone';

describe('browserTimeZone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks Temporal first where the browser has it (Intl's first use loads locale data)", () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Paris' } });
    expect(browserTimeZone()).toBe('Europe/Paris');
  });

  it('falls back to Intl without Temporal', () => {
    vi.stubGlobal('Temporal', undefined);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
