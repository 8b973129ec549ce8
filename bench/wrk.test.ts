import { describe, expect, it } from "vitest";
import { medianRound, parseWrk, wrkMs } from "./wrk";

// A report as wrk 4.1 prints it with --latency (Debian 12's package).
const report = `Running 3s test @ http://127.0.0.1:4300/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.62ms  412.07us   9.83ms   81.20%
    Req/Sec    30.35k     1.02k   31.96k    73.33%
  Latency Distribution
     50%    1.48ms
     75%    1.79ms
     90%    2.11ms
     99%    3.97ms
  90599 requests in 3.00s, 1.07GB read
  Non-2xx or 3xx responses: 3
Requests/sec:  30199.12
Transfer/sec:    364.05MB
`;

describe("wrk's report", () => {
  it("gives requests per second, the median and 99th-percentile latency, and the failed answers", () => {
    expect(parseWrk(report)).toEqual({ rps: 30199, p50: 1.48, p99: 3.97, non2xx: 3 });
  });

  it("reads every latency unit wrk prints as milliseconds", () => {
    expect(wrkMs("812.00us")).toBe(0.81);
    expect(wrkMs("3.45ms")).toBe(3.45);
    expect(wrkMs("1.02s")).toBe(1020);
    expect(wrkMs("1.50m")).toBe(90_000);
  });

  it("counts no failed answers when wrk prints none, and refuses a report without its figures", () => {
    expect(parseWrk(report.replace(/^\s+Non-2xx.*\n/m, "")).non2xx).toBe(0);
    expect(() => parseWrk("unable to connect to 127.0.0.1:4300 Connection refused")).toThrow(/lacks/);
  });
});

describe("medianRound", () => {
  const round = (rps: number, p99: number) => ({ rps, p50: 1, p99, non2xx: 0 });

  it("takes the round with the median req/s, with that round's latencies", () => {
    expect(medianRound([round(30_000, 9), round(50_000, 2), round(40_000, 4)])).toEqual(round(40_000, 4));
  });

  it("refuses an empty list instead of inventing a figure", () => {
    expect(() => medianRound([])).toThrow(/no rounds/);
  });
});
