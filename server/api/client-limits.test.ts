import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../contract/admin";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { NEWSLETTER_CONFIRM_ENDPOINT, NEWSLETTER_UNSUBSCRIBE_ENDPOINT } from "../../contract/newsletter";
import { redisReachable, shouldRun, testRedisUrl } from "../store/databases.test-support";
import { startTestApp, type TestApp } from "../app.test-support";
import { clientKey } from "./visitor";

// Whose limit a request counts against: the real client behind a proxy, one
// IPv6 host however many of its /64's addresses it uses, and still counted
// while Redis is down.

const PASSWORD = "correct horse battery staple";
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));
async function app(env: Record<string, string>) {
  const t = await startTestApp(env);
  apps.push(t);
  return t.app;
}

const signUp = (i: number) => ({ method: "POST" as const, url: CONTACT_ENDPOINT, payload: { email: `limit${i}@example.co.uk` } });

describe("clientKey", () => {
  it("counts an IPv6 host by its /64 and an IPv4 one (also IPv4-mapped) by its address", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
  });
});

describe("behind a proxy (TRUST_PROXY=1)", () => {
  it("a forged leftmost X-Forwarded-For entry does not change the limited address", async () => {
    const server = await app({ TRUST_PROXY: "1", RATE_LIMIT_MAX: "3" });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // The proxy (10.0.0.1) appends the real client; the client wrote the rest.
      const response = await server.inject({ ...signUp(i), remoteAddress: "10.0.0.1", headers: { "x-forwarded-for": `198.51.100.${i}, 203.0.113.5` } });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const another = await server.inject({ ...signUp(9), remoteAddress: "10.0.0.1", headers: { "x-forwarded-for": "203.0.113.6" } });
    expect(another.statusCode).toBe(200);
  });
});

describe("IPv6 clients", () => {
  it("share one lead limit across their /64", async () => {
    const server = await app({ RATE_LIMIT_MAX: "3" });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await server.inject({ ...signUp(i), remoteAddress: `2001:db8:5:6::${i + 1}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await server.inject({ ...signUp(5), remoteAddress: "2001:db8:5:7::1" })).statusCode).toBe(200);
  });

  it("share one sign-in limit across their /64", async () => {
    const server = await app({ ADMIN_PASSWORD: PASSWORD, ADMIN_SIGNIN_MAX: "2" });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await server.inject({ method: "POST", url: adminEndpoints.session, payload: { email: "team@localhost", password: "wrong password" }, remoteAddress: `2001:db8:9:9::${i + 1}` })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe("the newsletter's links", () => {
  it("are rate-limited per address, confirm and unsubscribe each", async () => {
    const server = await app({ RATE_LIMIT_MAX: "2" });
    for (const url of [NEWSLETTER_CONFIRM_ENDPOINT, NEWSLETTER_UNSUBSCRIBE_ENDPOINT]) {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await server.inject({ method: "POST", url, payload: { token: `guess-${i}` }, remoteAddress: "192.0.2.7" })).statusCode);
      expect(statuses).toEqual([400, 400, 429]);
    }
  });
});

const runRedis = shouldRun("Redis", await redisReachable());

/** A TCP relay to Redis that can be shut, leaving the server pointed at a closed port. */
async function redisRelay(): Promise<{ url: string; shut(): Promise<void> }> {
  const target = new URL(testRedisUrl);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    shut: async () => {
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

describe.runIf(runRedis)("while Redis is unreachable", () => {
  it("sign-in attempts are still limited, counted in memory, and the log says so", async () => {
    const relay = await redisRelay();
    const t = await startTestApp({ REDIS_URL: relay.url, ADMIN_PASSWORD: PASSWORD, ADMIN_SIGNIN_MAX: "2" });
    apps.push(t);
    await relay.shut();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ method: "POST", url: adminEndpoints.session, payload: { email: "team@localhost", password: "wrong password" }, remoteAddress: "192.0.2.50" })).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    expect(t.logs.some((line) => line.includes("rate limits counted in this instance's memory"))).toBe(true);
  });

  it("leads are still accepted, and still limited", async () => {
    const relay = await redisRelay();
    const t = await startTestApp({ REDIS_URL: relay.url, RATE_LIMIT_MAX: "2" });
    apps.push(t);
    await relay.shut();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ ...signUp(i), remoteAddress: "192.0.2.51" })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
