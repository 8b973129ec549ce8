import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { enquiryFields } from "../contract/form-fields";
import { logOptions, redactPaths } from "./logging";

/** One log line written with the server's options, parsed. */
function logged(object: Record<string, unknown>): Record<string, unknown> {
  let line = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      line += chunk.toString();
      done();
    },
  });
  Fastify({ logger: { ...logOptions("info"), stream: sink } }).log.info(object, "x");
  return JSON.parse(line) as Record<string, unknown>;
}

describe("log redaction", () => {
  it("covers every field of the forms' tables, so a new field is censored without a second list", () => {
    for (const spec of Object.values(enquiryFields)) expect(redactPaths).toContain(`*.${spec.wire}`);
    expect(redactPaths).toContain("website");
  });

  it("censors personal fields at the top of a log object and one level down", () => {
    const line = logged({ email: "ann@example.co.uk", lead: { name: "Ann Example", phone: "07700 900123", message: "Hello" }, body: { anything: 1 } });
    expect(line.email).toBe("[redacted]");
    expect(line.lead).toEqual({ name: "[redacted]", phone: "[redacted]", message: "[redacted]" });
    expect(line.body).toBe("[redacted]");
  });

  it("censors a password at the top and one level down", () => {
    expect(logged({ password: "p", signIn: { password: "p" } })).toMatchObject({ password: "[redacted]", signIn: { password: "[redacted]" } });
  });

  it("does not reach two levels down: which is why the server never logs objects nested that deep", () => {
    expect(logged({ outer: { lead: { email: "ann@example.co.uk" } } }).outer).toEqual({ lead: { email: "ann@example.co.uk" } });
  });
});
