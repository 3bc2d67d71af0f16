// Baseline: a bare Fastify route, the ceiling the app's routes are compared against.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address && typeof address === 'object')
  console.info(JSON.stringify({ url: `http://127.0.0.1:${address.port}` }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
