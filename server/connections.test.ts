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

/** Opens a socket and resolves with how long it stayed open, in ms (the server closing it). */
function openSocket(onConnect: (socket: net.Socket) => void): { socket: net.Socket; closed: Promise<number> } {
  const started = Date.now();
  const socket = net.connect({ port, host: "127.0.0.1" }, () => onConnect(socket));
  socket.on("error", () => undefined);
  socket.on("data", () => undefined);
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - started)));
  return { socket, closed };
}

/** Writes one byte every `everyMs` until the socket closes. */
function trickle(socket: net.Socket, everyMs: number) {
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write("a")), everyMs);
  socket.on("close", () => clearInterval(timer));
}

describe("slow clients", () => {
  it("a body sent a byte at a time is cut off at the request timeout", async () => {
    const clients = Array.from({ length: 3 }, () =>
      openSocket((socket) => {
        socket.write("POST /api/contactus HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000\r\n\r\n");
        trickle(socket, 200);
      }),
    );
    const times = await Promise.all(clients.map((client) => client.closed));
    // 2 s timeout, checked every second.
    for (const ms of times) expect(ms).toBeLessThan(4_000);
  });

  it("headers sent a byte at a time are cut off at the headers timeout", async () => {
    const client = openSocket((socket) => {
      socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
      trickle(socket, 100);
    });
    expect(await client.closed).toBeLessThan(2_500);
  });

  it("an idle keep-alive connection is closed soon after its answer", async () => {
    const client = openSocket((socket) => socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"));
    expect(await client.closed).toBeLessThan(2_500);
  });
});

describe("connections per address", () => {
  it("beyond the cap are closed at once, and one is let in again when another ends", async () => {
    const held = Array.from({ length: 4 }, () => openSocket(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = openSocket(() => undefined);
    expect(await extra.closed).toBeLessThan(500);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(answer.status).toBe(200);
    for (const { socket } of held) socket.destroy();
  });
});
