import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its "drawn" is once per page load. */
const load = async () => {
  vi.resetModules();
  return import('./first-screen');
};

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => vi.useRealTimers());

describe('the first screen', () => {
  it('lets deferred work start once the page says its first screen is up', async () => {
    const { firstScreenDrawn, whenFirstScreenDrawn } = await load();
    const started = vi.fn();
    void whenFirstScreenDrawn().then(started);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).not.toHaveBeenCalled();
    firstScreenDrawn();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveBeenCalledOnce();
    // Asked again afterwards, it is already so.
    const later = vi.fn();
    void whenFirstScreenDrawn().then(later);
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toHaveBeenCalledOnce();
  });

  it('counts as drawn 3 s after the first wait on a page that never says so', async () => {
    const { whenFirstScreenDrawn } = await load();
    const started = vi.fn();
    void whenFirstScreenDrawn().then(started);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(started).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveBeenCalledOnce();
  });

  it('runs work two frames and 300 ms after a commit, unless cancelled', async () => {
    const { afterPaint } = await load();
    const work = vi.fn();
    afterPaint(work);
    await vi.advanceTimersByTimeAsync(16 * 2 + 299);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(16);
    expect(work).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    const cancel = afterPaint(cancelled);
    await vi.advanceTimersByTimeAsync(16);
    cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
