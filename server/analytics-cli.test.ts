import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucketOf, formTimeHistogram, vitalHistogram } from "../contract/analytics";
import { createAnalyticsStore } from "./store/analytics-store";
import { incrementsOf } from "./analytics/collector";
import { runAnalyticsCli } from "./analytics-cli";
import { openDatabase } from "./store/database";

// npm run analytics -- summary: what the owner reads per page, and clear errors for bad arguments.

describe("the analytics CLI", () => {
  let dataDir: string;
  const run = async (...argv: string[]) => {
    let out = "";
    let err = "";
    const code = await runAnalyticsCli(argv, { out: (text) => (out += text), err: (text) => (err += text), env: { DATA_DIR: dataDir, LOG_LEVEL: "silent" } });
    return { code, out, err };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "analytics-cli-"));
    const { db } = await openDatabase({ dataDir });
    const home = { page: "/", device: "desktop" as const };
    const visit = { ...home, referrer: "", source: "", medium: "", campaign: "spring" };
    await createAnalyticsStore(db).add([
      ...incrementsOf("2026-11-01", "view", home, 40),
      ...incrementsOf("2026-11-01", "visit", visit, 20),
      ...incrementsOf("2026-11-01", "page_visitor", home, 18),
      ...incrementsOf("2026-11-01", "enquiry", visit, 1),
      ...incrementsOf("2026-11-02", "confirmed", visit, 1),
      ...incrementsOf("2026-10-01", "view", { page: "/old", device: "desktop" }, 5),
      ...incrementsOf("2026-11-03", "field_reach:contact:name", { page: "/contact", device: "phone" }, 3),
      ...incrementsOf("2026-11-03", "field_reach:contact:email", { page: "/contact", device: "phone" }, 2),
      ...incrementsOf("2026-11-03", "field_left:contact:email", { page: "/contact", device: "phone" }, 1),
      ...incrementsOf("2026-11-03", "field_error:contact:email:format", { page: "/contact", device: "phone" }, 1),
      ...incrementsOf("2026-11-03", `form_time:contact:${bucketOf(formTimeHistogram, 30_000)}`, { page: "/contact", device: "phone" }, 1),
      { day: "2026-11-03", metric: `vital:LCP:phone:${bucketOf(vitalHistogram.LCP, 2000)}`, dimension: "page", key: "/contact", count: 4 },
      // One of the three who reached the name came from a newsletter link and left there.
      { day: "2026-11-03", metric: "field_reach:contact:name", dimension: "page_source", key: "/contact newsletter", count: 1 },
      { day: "2026-11-03", metric: "field_left:contact:name", dimension: "page_source", key: "/contact newsletter", count: 1 },
    ]);
    await db.destroy();
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it("prints views, unique visitors, leads and conversion per page since a day, as JSON", async () => {
    const { code, out } = await run("summary", "--since", "2026-11-01", "--format", "json");
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual([{ page: "/", views: 40, visitors: 18, enquiries: 1, subscriptions: 1, conversionRate: 0.1 }]);
  });

  it("prints CSV on request", async () => {
    const { out } = await run("summary", "--since", "2026-10-01", "--until", "2026-10-31", "--format", "csv");
    expect(out).toBe("page,views,visitors,enquiries,subscriptions,conversionRate\r\n/old,5,0,0,0,0\r\n");
  });

  it("prints the visits and leads per campaign and per source on request", async () => {
    const campaigns = await run("summary", "--since", "2026-11-01", "--by", "campaign");
    expect(campaigns.code).toBe(0);
    expect(JSON.parse(campaigns.out)).toEqual([{ campaign: "spring", visits: 20, visitors: 0, enquiries: 1, subscriptions: 1, conversionRate: 0.1 }]);
    const sources = await run("summary", "--since", "2026-11-01", "--by", "source", "--format", "csv");
    expect(sources.out).toBe("source,visits,visitors,enquiries,subscriptions,conversionRate\r\n(none),20,0,1,1,0.1\r\n");
    const bad = await run("summary", "--since", "2026-11-01", "--by", "colour");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--by must be one of page, source, medium, campaign, referrer");
  });

  it("prints a form's fields per page and over every page: reached, left, messages, corrected, sends and the median time", async () => {
    const json = await run("funnel", "--form", "contact", "--since", "2026-11-01", "--until", "2026-11-30");
    expect(json.code).toBe(0);
    const funnel = JSON.parse(json.out) as { fields: { page: string; field: string }[]; times: { page: string; sent: number; medianSeconds: number }[] };
    expect(funnel.fields.find((row) => row.page === "/contact" && row.field === "email")).toEqual({ form: "contact", page: "/contact", device: "(all devices)", field: "email", reached: 2, left: 1, corrected: 0, missing: 0, format: 1, tooLong: 0 });
    expect(funnel.times.find((row) => row.page === "/contact")).toMatchObject({ abandoned: 1, sent: 1 });
    const csv = await run("funnel", "--form", "contact", "--since", "2026-11-03", "--until", "2026-11-03", "--format", "csv");
    const lines = csv.out.trim().split("\r\n");
    expect(lines[0]).toBe("form,page,device,field,reached,left,corrected,missing,format,tooLong,sent,medianSeconds");
    expect(lines).toContain(`contact,/contact,(all devices),name,3,0,0,0,0,0,1,${funnel.times.find((row) => row.page === "/contact")?.medianSeconds}`);
    const fromNewsletter = JSON.parse((await run("funnel", "--form", "contact", "--source", "newsletter", "--since", "2026-11-03", "--until", "2026-11-03")).out) as { source: string; fields: { page: string; field: string; reached: number; left: number }[] };
    expect(fromNewsletter.source).toBe("newsletter");
    expect(fromNewsletter.fields.filter((row) => row.field === "name").map(({ page, reached, left }) => [page, reached, left])).toEqual([["(all pages)", 1, 1], ["/contact", 1, 1]]);
    expect(fromNewsletter.fields.find((row) => row.page === "(all pages)" && row.field === "email")).toMatchObject({ reached: 0 });
    expect((await run("vitals", "--source", "newsletter")).code).toBe(2);
    const bad = await run("funnel", "--form", "survey");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--form must be one of contact, newsletter");
  });

  it("prints each route's vitals per device at the 75th percentile with the good threshold", async () => {
    const { code, out } = await run("vitals", "--since", "2026-11-01", "--until", "2026-11-30", "--format", "csv");
    expect(code).toBe(0);
    const [head, row, ...rest] = out.trim().split("\r\n");
    expect(head).toBe("page,device,metric,samples,p75,good");
    expect(rest).toEqual([]);
    const [page, device, metric, samples, p75, good] = row!.split(",");
    expect([page, device, metric, samples, good]).toEqual(["/contact", "phone", "LCP", "4", "2500"]);
    expect(Math.abs(Number(p75) - 2000) / 2000).toBeLessThan(0.15);
  });

  it("names a bad argument and shows the usage", async () => {
    const { code, err } = await run("summary", "--since", "last week");
    expect(code).toBe(2);
    expect(err).toContain("--since must be a date");
    expect(err).toContain("Usage: npm run analytics -- summary");
  });
});
