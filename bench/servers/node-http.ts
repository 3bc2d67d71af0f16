// Baseline: the least a Node.js server can do for one JSON answer.
import { createServer } from 'node:http';

const body = JSON.stringify({ hello: 'world' });
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    console.info(JSON.stringify({ url: `http://127.0.0.1:${address.port}` }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
