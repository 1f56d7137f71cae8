import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';

/**
 * A TCP proxy between the app and PostgreSQL that a test can cut and restore, to play the database
 * going away: cut() closes every proxied connection and stops listening (new connections are
 * refused, as by a stopped server); restore() listens on the same port again.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const listen = async (port: number): Promise<Server> => {
    const server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      track(client);
      track(upstream);
      // Either side failing ends both, as a real broken link would.
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.pipe(upstream).pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return server;
  };

  let server: Server | undefined = await listen(0);
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('proxy has no port');
  const port = address.port;

  const cut = async () => {
    if (!server) return;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    // Wait for every socket to be gone, so the app's side has seen its connections end.
    const gone = [...sockets].map((s) => (s.closed ? undefined : once(s, 'close')));
    for (const socket of sockets) socket.destroy();
    await Promise.all([closed, ...gone]);
  };

  return {
    port,
    cut,
    async restore() {
      server ??= await listen(port);
    },
    close: cut,
  };
}
