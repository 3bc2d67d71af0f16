import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app from the same origin as the API: hashed assets cached for a year,
 * index.html for every client-side route (never cached, so a deploy is picked up at once).
 */
export default fp<{ root: string | undefined }>(async (app, { root }) => {
  const indexFile = root && path.join(root, 'index.html');
  if (!root || !indexFile || !existsSync(indexFile)) {
    app.log.warn('web app not built; run `npm run build` to serve it');
    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
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
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
