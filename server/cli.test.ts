import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli";
import { emptyValues, enquiryFields } from "../contract/fields";
import { exportColumns, toCsv, type ExportColumns } from "./export";
import { openDatabase } from "./store/database";
import { createLeadStore } from "./store/lead-store";
import { createSpamStore } from "./store/spam-store";

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cli-"));
  const { db, dialect } = await openDatabase({ dataDir });
  const store = createLeadStore(db, dialect);
  await store.saveEnquiry({
    ...emptyValues(enquiryFields),
    name: "=HYPERLINK(\"http://evil\")", email: "ann@example.co.uk", phone: "+44 7700 900123", role: "Agency",
    sectors: ["Healthcare", "IT & Technology"], needs: ["Payroll"], message: "Line one, \"quoted\"\nline two",
    consentVersion: "v1", sourcePage: "/contact", userAgent: "ua", ipHash: "h",
  });
  await store.subscribe({ email: "news@example.co.uk", consentVersion: "newsletter-v1", sourcePage: "/", ipHash: null });
  await createSpamStore(db).quarantine({
    kind: "enquiry", email: "bot@example.co.uk", fields: { ...emptyValues(enquiryFields), name: "Bot", email: "bot@example.co.uk", role: "Agency", message: "https://a https://b https://c" },
    reasons: ["links", "pow-missing"], score: 3, consentVersion: "v1", sourcePage: "/contact", userAgent: "ua", ipHash: "h",
  });
  await store.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, { out: (text) => (out += text), err: (text) => (err += text), env: { DATA_DIR: dataDir } });
  return { code, out, err };
}

describe("csv", () => {
  const one: ExportColumns = { headers: ["a"], record: (row) => ({ a: (row.a ?? null) as string | null }) };
  const cells = (...values: (string | null)[]) => toCsv(one, values.map((a) => ({ a }))).split("\r\n").slice(1, -1);

  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(cells('a,"b"')).toEqual(['"a,""b"""']);
    expect(cells("=1+1", "@SUM(A1)", "-2", "+44 1")).toEqual(["'=1+1", "'@SUM(A1)", "'-2", "'+44 1"]);
    expect(cells(null, "")).toEqual(["", ""]);
    expect(toCsv(one, [{ a: "x\ny" }])).toBe('a\r\n"x\ny"\r\n');
  });
});

describe("npm run leads -- export", () => {
  it("exports held suspected spam, each row marked with its reasons", async () => {
    const { code, out } = await run("export", "--kind", "spam", "--format", "json");
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual([expect.objectContaining({ suspected_spam: "yes", reasons: ["links", "pow-missing"], score: "3", kind: "enquiry", email: "bot@example.co.uk", name: "Bot" })]);
  });

  it("exports enquiries as CSV with a header row and safe cells", async () => {
    const { code, out } = await run("export", "--kind", "enquiries");
    expect(code).toBe(0);
    const [header] = out.split("\r\n");
    // The inbox's export has the same columns (admin.test.ts): the enquiry's fields and its consent record, not the idempotency key.
    expect(header).toBe(exportColumns.enquiries.headers.join(","));
    expect(header).toMatch(/^id,created_at,name,email,phone,role,.*,consent_at,consent_version,source_page,user_agent,ip_hash$/);
    expect(out).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(out).toContain("'+44 7700 900123");
    expect(out).toContain('"Line one, ""quoted""\nline two"');
    expect(out).toContain('"Healthcare, IT & Technology"');
  });

  it("exports subscribers as JSON, and filters by --since", async () => {
    const all = await run("export", "--kind", "subscribers", "--format", "json");
    expect(JSON.parse(all.out)).toMatchObject([{ email: "news@example.co.uk", status: "pending", consent_version: "newsletter-v1" }]);
    const none = await run("export", "--kind", "subscribers", "--format", "json", "--since", "2999-01-01");
    expect(JSON.parse(none.out)).toEqual([]);
    const enquiries = JSON.parse((await run("export", "--kind", "enquiries", "--format", "json", "--since", "2000-01-01")).out);
    expect(enquiries[0].sectors).toEqual(["Healthcare", "IT & Technology"]);
  });

  it.each([
    [[]],
    [["import"]],
    [["export"]],
    [["export", "--kind", "everyone"]],
    [["export", "--kind", "enquiries", "--format", "xlsx"]],
    [["export", "--kind", "enquiries", "--since", "last week"]],
    [["export", "--kind", "enquiries", "--colour"]],
  ])("exits 2 with usage for %j", async (argv) => {
    const { code, out, err } = await run(...argv);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toContain("Usage: npm run leads -- export");
  });

  it("names every command when given an unknown one, and --help shows backup and restore too", async () => {
    const unknown = await run("import");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown command: import. The commands are: export, backup, restore, purge, erase, person.");
    const help = await run("--help");
    expect(help.code).toBe(0);
    expect(help.out).toContain("npm run leads -- backup --to DIR");
    expect(help.out).toContain("npm run leads -- restore --from BACKUP");
  });
});
