import { useLayoutEffect, useRef } from 'react';

/** The smallest size a word may shrink to before it is allowed to wrap at its spaces. */
const MIN_PX = 18;
const STEP_PX = 2;

/**
 * Shrinks the text of an element until it fits its box (width and height), from the size the
 * stylesheet gives it. The stylesheet never breaks inside a word or a Chinese phrase
 * (`word-break: keep-all`), so a word too wide would overflow: this makes it smaller instead.
 * Runs before paint and again when the box changes size (rotation, a resized window).
 */
export function useFitText<T extends HTMLElement>(text: string | null) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || text === null) return;
    const box = el.parentElement;
    if (!box) return;
    const fitWord = () => {
      el.style.fontSize = '';
      let size = parseFloat(getComputedStyle(el).fontSize);
      const overflows = () =>
        el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > box.clientHeight - paddingY(box) + 1;
      while (overflows() && size > MIN_PX) {
        size = Math.max(MIN_PX, size - STEP_PX);
        el.style.fontSize = `${size}px`;
      }
    };
    fitWord();
    if (typeof ResizeObserver === 'undefined') return;
    let width = box.clientWidth;
    const observer = new ResizeObserver(() => {
      // Only a change of width can change the fit; ignore our own font-size changes.
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      fitWord();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [text]);
  return ref;
}

function paddingY(el: HTMLElement): number {
  const style = getComputedStyle(el);
  return parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
}
