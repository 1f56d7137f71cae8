/**
 * The yardstick: the least any Node HTTP server can do. Run as its own process (PORT from the
 * environment) so it does not share an event loop with the load generator. It answers every path
 * with a small JSON body, about the size of Tend's health response, so the ratio compares work,
 * not bytes.
 */
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok', database: { dialect: 'none', ok: true } });

const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  // Keep-alive connections from the load generator would otherwise hold close() open.
  server.closeAllConnections();
});
