import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./app.test-support";

// Real sockets against a listening server: inject() has no connection to time out.

let test: TestApp;
let port: number;
beforeAll(async () => {
  test = await startTestApp({
    HTTP_HEADERS_TIMEOUT_MS: "1000",
    HTTP_REQUEST_TIMEOUT_MS: "2000",
    HTTP_KEEP_ALIVE_TIMEOUT_MS: "500",
    HTTP_IDLE_TIMEOUT_MS: "5000",
    CONNECTIONS_PER_ADDRESS_MAX: "4",
  });
  await test.app.listen({ port: 0, host: "127.0.0.1" });
  port = (test.app.server.address() as AddressInfo).port;
});
afterAll(() => test.close());

/** Opens a socket; `closed` resolves once the server has closed it (the test never does before then). */
function openSocket(onConnect: (socket: net.Socket) => void): { socket: net.Socket; closed: Promise<void> } {
  const socket = net.connect({ port, host: "127.0.0.1" }, () => onConnect(socket));
  socket.on("error", () => undefined);
  socket.on("data", () => undefined);
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return { socket, closed };
}

/** Writes one byte every `everyMs` until the socket closes. */
function trickle(socket: net.Socket, everyMs: number) {
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write("a")), everyMs);
  socket.on("close", () => clearInterval(timer));
}

// How soon each timeout ends a connection is measured in bench/, not here: these tests check
// that the configured timeouts reach Node's server, and that each one ends the connection.
describe("slow clients", () => {
  it("hands the configured timeouts to the HTTP server", () => {
    const server = test.app.server;
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([1000, 2000, 500]);
  });

  it("a body sent a byte at a time is cut off before it is whole", async () => {
    const declared = 10_000;
    const clients = Array.from({ length: 3 }, () =>
      openSocket((socket) => {
        socket.write(`POST /api/contactus HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n\r\n`);
        trickle(socket, 200);
      }),
    );
    await Promise.all(clients.map((client) => client.closed));
    // A byte every 200 ms: the whole body would take over half an hour.
    for (const { socket } of clients) expect(socket.bytesWritten).toBeLessThan(200 + declared / 10);
  });

  it("headers sent a byte at a time are cut off", async () => {
    const client = openSocket((socket) => {
      socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
      trickle(socket, 100);
    });
    await client.closed;
    expect(client.socket.bytesWritten).toBeLessThan(1000);
  });

  it("an idle keep-alive connection is closed by the server after its answer", async () => {
    let answered = false;
    const client = openSocket((socket) => socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"));
    client.socket.on("data", () => (answered = true));
    await client.closed;
    expect(answered).toBe(true);
  });
});

describe("connections per address", () => {
  it("beyond the cap are closed at once, and one is let in again when another ends", async () => {
    const held = Array.from({ length: 4 }, () => openSocket(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = openSocket(() => undefined);
    await extra.closed;
    // Closed on arrival, while the four within the cap stay open.
    expect(held.map(({ socket }) => socket.destroyed)).toEqual([false, false, false, false]);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(answer.status).toBe(200);
    for (const { socket } of held) socket.destroy();
  });
});
