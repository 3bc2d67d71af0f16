import { describe, expect, it, vi } from 'vitest';
import { keptSince, setKept, subscribeKept } from './kept-state';

describe('kept state', () => {
  it('shows the oldest kept answer on the page, clears on a live one, and tells listeners only of changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeKept(listener);
    setKept(2_000);
    setKept(1_000); // an older answer: the page is as old as its oldest part
    setKept(3_000); // a newer one changes nothing
    expect(keptSince()).toBe(1_000);
    expect(listener).toHaveBeenCalledTimes(2);
    setKept(null);
    setKept(null);
    expect(keptSince()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    setKept(5_000);
    expect(listener).toHaveBeenCalledTimes(3);
    setKept(null);
  });
});
