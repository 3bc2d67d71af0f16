import type { ManifestOptions } from 'vite-plugin-pwa';

/** The share target's address: the service worker takes the POST (the server only before one is installed). */
export const SHARE_TARGET_PATH = '/share-target';
/** The share target's form field that carries the shared photo. */
export const SHARE_FILE_FIELD = 'image';

/**
 * The web app manifest (issue 23): what a phone needs to install SpellWell as an app. It
 * opens on the signed-in parent's dashboard (`/dashboard` sends them to their own).
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'SpellWell',
  short_name: 'SpellWell',
  description: 'Spelling practice for children, run by their parents.',
  lang: 'en',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#2f5bd3',
  background_color: '#f7f7f9',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // "Share to SpellWell": a photo shared from the gallery or camera is posted here, taken by
  // the service worker (sw/share-target.ts) and scanned on Add New Practice.
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: SHARE_FILE_FIELD, accept: ['image/*'] }] },
  },
};
