import {
  adminEndpoints,
  type ActivityPage,
  type Delivery,
  enquiryFilterParams,
  type AdminStatus,
  type EnquiryDetail,
  type EnquirySummary,
  type EraseResult,
  type LeadKind,
  type Page,
  type SubscriberDetail,
  type SubscriberSummary,
  type SpamRelease,
  type SpamSummary,
} from "../../../contract/admin";

// The inbox's calls to /api/admin/*. Same-origin, so the session cookie goes
// along; a 401 means the session ended and the page returns to sign-in.

export class Unauthorized extends Error {}

/** Any other refusal: its status, and the server's own words when it sent some (`{ statusCode, message }`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage = "",
  ) {
    super(`HTTP ${status}`);
  }
}

/** The `message` of an error answer, or "" when it has none. */
async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === "string" ? body.message : "";
  } catch {
    return "";
  }
}

/** A refusal's text for the person: the server's own words for a 400 (a rule they can follow), else `fallback`. */
export const refusalText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status === 400 && error.serverMessage ? error.serverMessage : fallback;

/** The search text, the subscribers' status, and the enquiries' option filters (one per option field: role, sector, need). */
export type Filters = { q: string; status: string } & Partial<Record<string, string>>;

const filterKeys: Record<LeadKind, readonly string[]> = {
  enquiries: ["q", ...enquiryFilterParams()],
  subscribers: ["q", "status"],
};

export const emptyFilters: Filters = { q: "", status: "", ...Object.fromEntries(filterKeys.enquiries.map((key) => [key, ""])) };

/** The query string of a view: only the filters that apply to the kind, only those set. */
export function viewQuery(kind: LeadKind, filters: Filters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const key of filterKeys[kind]) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

export const exportHref = (kind: LeadKind, filters: Filters) => `${adminEndpoints.exportCsv}?${viewQuery(kind, filters, { kind })}`;

/** An answer's JSON; a removal may answer with no body at all (204). */
async function body<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A same-origin call to the owner-only API: a 401 means the session ended (Unauthorized). */
export async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { credentials: "same-origin", ...init, headers: { accept: "application/json", ...init.headers } });
  if (response.status === 401) throw new Unauthorized();
  if (!response.ok) throw new ApiError(response.status, await messageOf(response));
  return body<T>(response);
}

/** A call made signed out or half signed in (a sign-in step, an invitation): a 401 there is a refusal, not an ended session. */
export async function send<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { credentials: "same-origin", ...init, headers: { accept: "application/json", ...init.headers } });
  if (!response.ok) throw new ApiError(response.status, await messageOf(response));
  return body<T>(response);
}

/**
 * A same-origin call whose answer is a file to keep: fetched first, so a 401
 * (the session ended) is Unauthorized and never saved as the file; then saved
 * from a Blob under the name the server gives. A plain download link would
 * save whatever came back, the 401 answer included.
 */
export async function download(url: string, init: RequestInit = {}, fallbackName = "download"): Promise<string> {
  const response = await fetch(url, { credentials: "same-origin", ...init });
  if (response.status === 401) throw new Unauthorized();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const name = suggestedName(response.headers.get("content-disposition"), fallbackName);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the Blob to the download.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}

/** The file name a download answer suggests (Content-Disposition), else `fallback`. */
export const suggestedName = (disposition: string | null, fallback = "download") => /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;

export const json = (method: string, body: unknown): RequestInit => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export const adminApi = {
  status: () => call<AdminStatus>(adminEndpoints.status),
  signOut: () => call<AdminStatus>(adminEndpoints.session, { method: "DELETE" }),
  list: (kind: LeadKind, filters: Filters, page: number) =>
    call<Page<EnquirySummary> | Page<SubscriberSummary>>(`${adminEndpoints[kind]}?${viewQuery(kind, filters, { page: String(page) })}`),
  detail: (kind: LeadKind, id: string) =>
    call<EnquiryDetail | SubscriberDetail>(kind === "enquiries" ? adminEndpoints.enquiry(id) : adminEndpoints.subscriber(id)),
  erase: (email: string) => call<EraseResult>(adminEndpoints.erase, json("POST", { email })),
  /** Everything held about the address, saved as a JSON file (subject access). */
  personExport: (email: string) => download(adminEndpoints.person, json("POST", { email }), "personal-data.json"),
  /** A failed delivery, pending again: answers it as it is now. */
  retry: (id: string) => call<Delivery>(adminEndpoints.retryDelivery(id), { method: "POST" }),
  /** A page of the trail; `person` (an email) keeps only what that person did. */
  activity: (page: number, person = "") =>
    call<ActivityPage>(`${adminEndpoints.activity}?${new URLSearchParams(person ? { page: String(page), person } : { page: String(page) })}`),
  spamCount: () => call<{ total: number }>(adminEndpoints.spamCount),
  spam: (q: string, page: number) => call<Page<SpamSummary>>(`${adminEndpoints.spam}?${new URLSearchParams(q ? { q, page: String(page) } : { page: String(page) })}`),
  releaseSpam: (id: string) => call<SpamRelease>(adminEndpoints.spamRelease(id), { method: "POST" }),
  deleteSpam: (id: string) => call<{ deleted: boolean }>(adminEndpoints.spamItem(id), { method: "DELETE" }),
};

export const spamExportHref = (q: string) => (q ? `${adminEndpoints.spamCsv}?${new URLSearchParams({ q })}` : adminEndpoints.spamCsv);
