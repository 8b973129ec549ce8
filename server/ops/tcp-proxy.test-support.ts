import net from "node:net";
import { once } from "node:events";

// Tests only: a TCP forwarder on 127.0.0.1 in front of a shared service
// (PostgreSQL, Redis) that a test can cut and restore, to simulate an outage
// without stopping the service other tests use.

export interface TcpProxy {
  port: number;
  /** Stops listening and cuts every open connection, as a crashed service would. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1"): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };
  let server: net.Server | null = null;
  let port = 0;

  async function listen() {
    server = net.createServer((client) => {
      const upstream = net.connect(targetPort, targetHost);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as net.AddressInfo).port;
  }

  async function cut() {
    const closing = server;
    server = null;
    if (closing) {
      const closed = once(closing, "close");
      closing.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    }
  }

  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}
