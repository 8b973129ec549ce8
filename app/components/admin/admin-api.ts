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
} from "../../../contract/admin";

// The inbox's calls to /api/admin/*. Same-origin, so the session cookie goes
// along; a 401 means the session ended and the page returns to sign-in.

export class Unauthorized extends Error {}

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

/** A same-origin call to the owner-only API: a 401 means the session ended (Unauthorized). */
export async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { credentials: "same-origin", ...init, headers: { accept: "application/json", ...init.headers } });
  if (response.status === 401) throw new Unauthorized();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** How long a downloaded file's object URL is kept before it is released (the browser has started saving it by then). */
const OBJECT_URL_LIFETIME_MS = 10_000;

/** The file name a download answer suggests (Content-Disposition), else `fallback`. */
export const suggestedName = (disposition: string | null, fallback = "download") => /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;

/**
 * Downloads an owner-only file (a CSV export) through the same authenticated
 * fetch as every other call, then saves it from a Blob. A plain link would save
 * whatever comes back, so an ended session would download the 401 answer as a
 * "CSV"; here a 401 throws Unauthorized and the page asks the owner to sign in.
 */
export async function downloadFile(url: string): Promise<void> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (response.status === 401) throw new Unauthorized();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = suggestedName(response.headers.get("content-disposition"));
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_LIFETIME_MS);
}

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export const adminApi = {
  status: () => call<AdminStatus>(adminEndpoints.status),
  /** Resolves to "ok", "wrong" or "limited"; throws on anything else. */
  async signIn(password: string): Promise<"ok" | "wrong" | "limited"> {
    const response = await fetch(adminEndpoints.session, { credentials: "same-origin", ...json("POST", { password }) });
    if (response.ok) return "ok";
    if (response.status === 401) return "wrong";
    if (response.status === 429) return "limited";
    throw new Error(`HTTP ${response.status}`);
  },
  signOut: () => call<AdminStatus>(adminEndpoints.session, { method: "DELETE" }),
  list: (kind: LeadKind, filters: Filters, page: number) =>
    call<Page<EnquirySummary> | Page<SubscriberSummary>>(`${adminEndpoints[kind]}?${viewQuery(kind, filters, { page: String(page) })}`),
  detail: (kind: LeadKind, id: string) =>
    call<EnquiryDetail | SubscriberDetail>(kind === "enquiries" ? adminEndpoints.enquiry(id) : adminEndpoints.subscriber(id)),
  erase: (email: string) => call<EraseResult>(adminEndpoints.erase, json("POST", { email })),
  /** A failed delivery, pending again: answers it as it is now. */
  retry: (id: string) => call<Delivery>(adminEndpoints.retryDelivery(id), { method: "POST" }),
  activity: (page: number) => call<ActivityPage>(`${adminEndpoints.activity}?${new URLSearchParams({ page: String(page) })}`),
};
