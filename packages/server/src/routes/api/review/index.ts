import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// To be built: see the issue that owns these routes.
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
