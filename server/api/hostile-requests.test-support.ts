import fc from "fast-check";
import { headers as leadHeaders, needOptions, roleOptions, sectorOptions } from "../../contract/lead";
import { TOKEN_PARAM } from "../../contract/newsletter";

// Arbitrary requests for the public endpoints: shared by the fuzz test and the
// bench's hostile part, so both send the same kind of abuse. Every value a
// person could have typed carries PERSONAL_MARKER, so a log line holding any of
// it is found by one search.

export const PERSONAL_MARKER = "Pii7xq";

export interface HostileRequest {
  method: "POST";
  url: string;
  headers: Record<string, string>;
  payload?: Buffer;
}

/** Characters hostile input likes: NUL and other controls, bidi overrides, line breaks, lone surrogates, combining marks. */
const nasty = fc.constantFrom("\u0000", "\u0001", "\u001B", "\u007F", "\u0085", "\u009B", "\u202E", "\u2066", "\r\n", "\r", "\n", "\t", "\uD800", "\uDFFF", "\u0301", "\uFEFF", "\u200F", "%00", "'; drop table enquiries; --", "<script>", "=cmd|'/c calc'!A1", "😀");
const fuzzText = fc.array(fc.oneof(fc.string({ unit: "binary", maxLength: 20 }), nasty, fc.string({ maxLength: 400 })), { maxLength: 4 }).map((parts) => parts.join(""));
/** What a person types: always marked. */
const typed = fuzzText.map((text) => `${PERSONAL_MARKER}${text}`);
const email = fc.oneof(typed.map((text) => `${text}@example.co.uk`), fc.constant(`${PERSONAL_MARKER}ann@example.co.uk`), typed);
const option = (options: readonly string[]) => fc.oneof(fc.constantFrom(...options), fuzzText);
const optionList = (options: readonly string[]) => fc.array(option(options), { maxLength: 4 }).map((items) => items.join(","));

/** A field value as a JSON body may carry it: mostly strings, sometimes anything. */
const jsonValue = (text: fc.Arbitrary<string>) => fc.oneof({ weight: 8, arbitrary: text }, { weight: 1, arbitrary: fc.jsonValue() });

const fields = fc.record(
  {
    name: typed,
    email,
    phone: typed,
    salutation: option(roleOptions),
    sector: optionList(sectorOptions),
    you_need: optionList(needOptions),
    message: typed,
    website: fc.oneof(fc.constant(""), typed),
    [TOKEN_PARAM]: typed,
    password: typed,
  },
  { requiredKeys: [] },
);
/** A good enquiry with one field replaced by fuzz: how a store-breaking byte gets past the rest of the checks. */
const validEnquiry = { name: `${PERSONAL_MARKER} Ann`, email: `${PERSONAL_MARKER}ann@example.co.uk`, phone: "07700 900123", salutation: roleOptions[0], sector: sectorOptions[0], you_need: needOptions[0], message: `${PERSONAL_MARKER} Hello` };
const nearlyValid = fc
  .record({ field: fc.constantFrom("name", "email", "phone", "message", "sector"), value: fc.oneof(typed, typed.map((text) => text.slice(0, 30))) })
  .map(({ field, value }): Record<string, string> => ({ ...validEnquiry, [field]: field === "email" ? `${value}@example.co.uk` : value }));
const extraFields = fc.dictionary(fuzzText.filter((key) => key.length > 0), typed, { maxKeys: 3 });

/** Printable ASCII: what a header can carry at all. */
const headerText = (prefix = "") => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 }).map((text) => `${prefix}${text}`);

const BOUNDARY = "----hostile-boundary";
const multipart = (values: Record<string, unknown>, withFile: boolean) =>
  Buffer.from(
    `${Object.entries(values)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`)
      .join("")}${withFile ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${PERSONAL_MARKER}\r\n` : ""}--${BOUNDARY}--\r\n`,
  );

type Encoding = "json" | "urlencoded" | "multipart" | "raw" | "none";

const body = fc
  .record({
    values: fc.oneof(
      fc.tuple(fields, extraFields).map(([known, extra]): Record<string, unknown> => ({ ...extra, ...known })),
      nearlyValid,
      typed.map((text) => ({ email: `${text.slice(0, 40)}@example.co.uk` })),
    ),
    jsonValues: fc.dictionary(fc.constantFrom("name", "email", "message", "sector", TOKEN_PARAM, "password"), jsonValue(typed), { maxKeys: 3 }),
    encoding: fc.constantFrom<Encoding>("json", "urlencoded", "multipart", "raw", "none"),
    raw: fc.oneof(typed, fc.constantFrom(`{"email":"${PERSONAL_MARKER}`, "[]", "null", "42", `"${PERSONAL_MARKER}"`, "{}")),
    truncateAt: fc.option(fc.nat(), { nil: undefined }),
    withFile: fc.boolean(),
  })
  .map(({ values, jsonValues, encoding, raw, truncateAt, withFile }) => {
    const all = { ...values, ...jsonValues };
    const strings = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
    const payload: Buffer | undefined = {
      json: () => Buffer.from(JSON.stringify(all)),
      urlencoded: () => Buffer.from(new URLSearchParams(strings).toString()),
      multipart: () => multipart(strings, withFile),
      raw: () => Buffer.from(raw),
      none: () => undefined,
    }[encoding]();
    const matchingType = { json: "application/json", urlencoded: "application/x-www-form-urlencoded", multipart: `multipart/form-data; boundary=${BOUNDARY}`, raw: "application/json", none: undefined }[encoding];
    return { payload: payload && truncateAt !== undefined ? payload.subarray(0, truncateAt % (payload.length + 1)) : payload, matchingType };
  });

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  {
    weight: 4,
    arbitrary: fc.oneof(
      fc.constantFrom(
        "application/json",
        "application/json; charset=utf-16",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        `multipart/form-data; boundary=${BOUNDARY}`,
        "multipart/form-data; boundary=",
        "text/plain",
        "application/xml",
        "application/octet-stream",
        "",
      ),
      headerText(),
    ),
  },
);

const optionalHeaders = fc.record(
  {
    "content-encoding": fc.constantFrom("gzip", "br", "deflate", "identity", "x-bogus", "gzip, br"),
    [leadHeaders.idempotencyKey.toLowerCase()]: headerText(PERSONAL_MARKER),
    [leadHeaders.renderedAt.toLowerCase()]: fc.oneof(fc.constant(String(Date.now() - 60_000)), headerText()),
    accept: fc.constantFrom("text/html", "application/json", "*/*", ""),
    "sec-fetch-mode": fc.constantFrom("navigate", "cors", "same-origin", "x"),
    origin: fc.constantFrom("http://localhost:3000", "https://evil.example", "null", ""),
    referer: fc.oneof(fc.constant("http://localhost:3000/contact"), headerText(`http://localhost:3000/${PERSONAL_MARKER}`)),
    cookie: headerText(`__Host-admin-session=${PERSONAL_MARKER}`),
    "user-agent": headerText(PERSONAL_MARKER),
  },
  { requiredKeys: [] },
);

/** One arbitrary POST to `url`: its body, content type, encoding and headers all chosen by fast-check. */
export function hostileRequest(url: string): fc.Arbitrary<HostileRequest> {
  return fc.record({ body, contentType, headers: optionalHeaders, query: fc.option(typed, { nil: undefined }) }).map(({ body, contentType, headers, query }) => {
    const type = contentType ?? body.matchingType;
    return {
      method: "POST",
      url: query === undefined ? url : `${url}?${TOKEN_PARAM}=${encodeURIComponent(Buffer.from(query).toString())}`,
      headers: { ...headers, ...(type !== undefined ? { "content-type": type } : {}) },
      payload: body.payload,
    };
  });
}
