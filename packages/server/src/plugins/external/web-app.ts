import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** The manifest's share target (packages/web/src/features/offline/manifest.ts). */
const SHARE_TARGET_PATH = '/share-target';

/**
 * Serves the built web app from the same origin as the API: hashed assets cached for a year,
 * pages never cached (so a deploy is picked up at once). `/` gets landing.html, the landing
 * page prerendered at build time, when the build made one; every other client-side route gets
 * index.html, the empty shell the app draws into.
 */
export default fp<{ root: string | undefined }>(async (app, { root }) => {
  // "Share to SpellWell" (issue 23): the app's service worker takes the phone's POST of a shared
  // photo. One that reaches the server came before any worker (SpellWell never opened on this
  // device): the photo cannot be kept here, so the page at /share-target says what to do. 303,
  // so the browser follows with a GET. Answered on arrival, before any body parsing: multipart is
  // parsed only beside the scan (415 elsewhere), and the unread upload is discarded by Node.
  app.post(SHARE_TARGET_PATH, {
    // Answering in onRequest (and returning the reply) ends the request before its body is read.
    onRequest: async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').redirect(`${SHARE_TARGET_PATH}?error=not-ready`, 303),
    handler: async () => undefined,
  });
  const indexFile = root && path.join(root, 'index.html');
  const landingPage = root && existsSync(path.join(root, 'landing.html')) ? 'landing.html' : 'index.html';
  if (!root || !indexFile || !existsSync(indexFile)) {
    app.log.warn('web app not built; run `npm run build` to serve it');
    app.setNotFoundHandler((request, reply) => {
      reply
        .code(404)
        .send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url);
    if (!isPage) {
      return reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${url}` });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile(url === '/' ? landingPage : 'index.html');
  });
});
