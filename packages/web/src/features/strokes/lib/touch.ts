/** A screen a finger can write on: touch points, or a coarse pointer (phones, tablets). */
export function isTouchScreen(): boolean {
  if (typeof window === 'undefined') return false;
  return navigator.maxTouchPoints > 0 || (window.matchMedia?.('(any-pointer: coarse)').matches ?? false);
}
