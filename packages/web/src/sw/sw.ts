/// <reference lib="webworker" />
/**
 * SpellWell's service worker (issue 23), built by vite-plugin-pwa from this file with the
 * build's file list injected. It keeps the app shell (the built HTML, scripts, styles and
 * icons) so the app opens with no network after one visit. It never touches `/api/`: every
 * answer there belongs to one signed-in parent, and a shared cache could hand it to the next.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerReminders } from './reminders';
import { registerShareTarget } from './share-target';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page is the same shell; the app draws the page for the address. `/api/` is the server's.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// The Kai face's slices (scripts/kai-font.ts) are too many to precache: each is kept once a page
// has used it, so the words practised online still show in 楷体 offline. Slice names carry a
// hash (never stale); the stylesheet naming them is asked for fresh while online.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/kai/'),
  new CacheFirst({ cacheName: 'kai-font', plugins: [new ExpirationPlugin({ maxEntries: 160 })] }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/fonts/kai.css',
  new NetworkFirst({ cacheName: 'kai-font-css' }),
);

// "Share to SpellWell": the manifest's share target posts a photo here (sw/share-target.ts).
registerShareTarget();

// Reminders (issue 38): pushes shown as notifications; a tap opens the child's practice.
registerReminders();

// A new version waits until the page asks for it ("A new version is ready — Reload"), so an
// update never swaps the app under a practice in progress.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
