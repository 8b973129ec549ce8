import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("works with nothing set: port 3000, ./data, the local site URL", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.publicSiteUrl.href).toBe("http://localhost:3000/");
  });

  it("reads the values it is given; empty means unset", () => {
    const config = loadConfig({ PORT: "8080", HOST: "127.0.0.1", DATA_DIR: "/tmp/x", PUBLIC_SITE_URL: "https://example.co.uk", LOG_LEVEL: "" });
    expect(config).toMatchObject({ port: 8080, host: "127.0.0.1", dataDir: "/tmp/x", logLevel: "info" });
    expect(config.publicSiteUrl.origin).toBe("https://example.co.uk");
  });

  it("names every bad variable in one clear message", () => {
    expect(() => loadConfig({ PORT: "eighty", PUBLIC_SITE_URL: "example" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "70000", PUBLIC_SITE_URL: "example" });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT="70000": must be 0–65535/);
      expect((error as Error).message).toMatch(/PUBLIC_SITE_URL="example": must be an absolute URL/);
    }
  });

  it("reads TLS certificate and key paths only as a pair", () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({ TLS_CERT: "/c/cert.pem", TLS_KEY: "/c/key.pem" }).tls).toEqual({ certPath: "/c/cert.pem", keyPath: "/c/key.pem" });
    expect(() => loadConfig({ TLS_CERT: "/c/cert.pem" })).toThrow(/TLS_KEY="": must be set together with TLS_CERT/);
  });
});
