/**
 * Whether a POST to the share target came from the device's share menu, judged by what a
 * service worker can see of it. Chromium launches a share target as a top-level navigation the
 * browser itself starts, with no referrer (Android: `NavigateShareTargetPost`, an empty
 * `content::Referrer()`, not renderer-initiated). Another site's form is a navigation too, but
 * its page's address comes as the referrer. `Origin` and `Sec-Fetch-Site` would say it plainly,
 * but browsers add them after the worker has answered: its `FetchEvent` never has them.
 */
export interface ShareRequest {
  mode: string;
  destination: string;
  referrer: string;
  referrerPolicy: string;
}

/** The policies with which a page of another site sends no referrer to an https site. */
const HIDES_CROSS_SITE_REFERRER = new Set(['no-referrer', 'same-origin']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function isFromShareMenu(request: ShareRequest, ownOrigin: string): boolean {
  // A share opens the app: a top-level page, never a frame, a fetch or a form in a frame.
  if (request.mode !== 'navigate' || request.destination !== 'document') return false;
  // A page of SpellWell's own (the app can share to itself; the tests stand in for the menu so).
  if (request.referrer) return originOf(request.referrer) === ownOrigin;
  // No referrer: the share menu, unless the sending page hid its address on purpose, or this is
  // plain http, where a page on https loses its referrer on the way down (and no phone installs
  // an http app to share to).
  return !HIDES_CROSS_SITE_REFERRER.has(request.referrerPolicy) && new URL(ownOrigin).protocol === 'https:';
}
