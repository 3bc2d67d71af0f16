/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { SHARE_TARGET_PATH } from '../features/offline/manifest';
import { isFromShareMenu } from '../features/offline/lib/share-request';
import {
  AT_HEADER,
  LAST_CHILD_KEY,
  NAME_HEADER,
  SHARE_CACHE,
  SHARED_PHOTO_KEY,
  afterShareHref,
  pickSharedImage,
  shareProblemHref,
} from '../features/offline/lib/shared-photo';

/** A 303 makes the browser follow with a GET, so a reload never posts the photo again. */
const seeOther = (href: string) => new Response(null, { status: 303, headers: { location: href } });

declare const self: ServiceWorkerGlobalScope;

/**
 * The manifest's share target (issue 23): the phone posts the shared photo here. It is kept in
 * Cache Storage and the parent goes on to Add New Practice, which shows it and scans it when
 * the parent says so. Only what the device's share menu sends is taken: another site's form
 * posting here is sent away with nothing kept (issue 41).
 */
async function receiveShare(request: Request): Promise<Response> {
  if (!isFromShareMenu(request, self.location.origin)) return seeOther(shareProblemHref('not-shared'));
  let image: File | null;
  try {
    image = pickSharedImage(await request.formData());
  } catch {
    image = null;
  }
  if (!image) return seeOther(shareProblemHref('no-image'));
  try {
    const cache = await caches.open(SHARE_CACHE);
    await cache.put(
      SHARED_PHOTO_KEY,
      new Response(image, {
        headers: {
          'content-type': image.type,
          [NAME_HEADER]: encodeURIComponent(image.name || 'shared-photo'),
          [AT_HEADER]: String(Date.now()),
        },
      }),
    );
    const lastChild = await cache.match(LAST_CHILD_KEY);
    return seeOther(afterShareHref(lastChild ? await lastChild.text() : null));
  } catch {
    // Storage refused (full, or private browsing): say so rather than open an empty page.
    return seeOther(shareProblemHref('not-kept'));
  }
}

/** Registered from sw.ts; only this address's POSTs come here, navigations stay the shell's. */
export function registerShareTarget() {
  registerRoute(
    ({ url }) => url.pathname === SHARE_TARGET_PATH,
    ({ request }) => receiveShare(request),
    'POST',
  );
}
