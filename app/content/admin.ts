// Copy of the owner's inbox at /admin. Not linked from the site and never indexed.
// Each field's name in the list, the details and the filters comes from the
// forms' field tables (contract/form-fields.ts).
import { enquiryFields, inboxFilterLabels } from "../../contract/fields";

export const adminMeta = {
  title: "Inbox",
  description: "The owner's inbox of enquiries and newsletter subscribers.",
} as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const adminCopy = {
  heading: "Inbox",
  headerLabel: "Inbox",
  loading: "Loading the inbox…",
  unreachable: "The inbox could not be reached. Check the server is running, then reload the page.",
  signOut: "Sign out",
  off: {
    heading: "The inbox is switched off",
    text: "To turn it on, set the ADMIN_PASSWORD environment variable on the server (at least 12 characters) and restart it. Then sign in here with that password.",
  },
  signIn: {
    heading: "Sign in",
    passwordLabel: "Password",
    submit: "Sign in",
    submitting: "Signing in…",
    wrong: "That password is not right. Please try again.",
    empty: "Please enter the password.",
    tooMany: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    failed: "Signing in failed. Please try again.",
    expired: "Your session has ended. Please sign in again.",
    noCookie: "The password is right, but the browser did not keep the session cookie: open the inbox over HTTPS (or on localhost) and allow cookies for this site.",
  },
  kinds: {
    label: "Show",
    enquiries: "Enquiries",
    subscribers: "Subscribers",
  },
  filters: {
    label: "Search and filter",
    search: { enquiries: "Search name or email", subscribers: "Search email" },
    ...inboxFilterLabels(enquiryFields),
    status: "Status",
    any: "Any",
    apply: "Search",
    clear: "Clear",
  },
  statuses: { pending: "Pending", confirmed: "Confirmed", unsubscribed: "Unsubscribed" } as Record<string, string>,
  table: {
    caption: { enquiries: "Enquiries, newest first", subscribers: "Subscribers, newest first" },
    received: "Received",
    status: "Status",
    actions: "Details",
    view: (who: string) => `View ${who}`,
    viewShort: "View",
    empty: "Nothing matches. Clear the search or the filters to see everything.",
  },
  found: (total: number, kind: "enquiries" | "subscribers") =>
    kind === "enquiries" ? `${plural(total, "enquiry", "enquiries")} found.` : `${plural(total, "subscriber", "subscribers")} found.`,
  paging: {
    label: "Pages",
    previous: "Previous page",
    next: "Next page",
    position: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  exportCsv: "Export CSV of this view",
  detail: {
    heading: { enquiries: "Enquiry", subscribers: "Subscriber" },
    close: "Close details",
    loading: "Loading details…",
    missing: "This lead no longer exists.",
    fields: {
      received: "Received",
      status: "Status",
      updated: "Last changed",
    },
    none: "—",
    consentHeading: "Consent record",
    consent: {
      consentAt: "Consent given",
      consentVersion: "Consent wording version",
      sourcePage: "Sent from page",
      ipHash: "IP address hash",
      confirmedAt: "Confirmed",
      unsubscribedAt: "Unsubscribed",
      userAgent: "Browser",
    },
    deliveriesHeading: "Deliveries",
    noDeliveries: "No deliveries for this lead.",
    deliveriesCaption: "Emails and webhook calls about this lead",
    delivery: {
      what: "Delivery",
      status: "Status",
      attempts: "Attempts",
      when: "Sent or next attempt",
      error: "Last error",
    },
    deliveryStatus: { sent: "Sent", pending: "Pending", failed: "Failed" } as Record<string, string>,
    topics: {
      "confirm-subscription": "Confirmation email",
      "team-notification": "Email to the team",
      "lead-webhook": "CRM webhook",
    } as Record<string, string>,
  },
  erase: {
    heading: "This person's data",
    text: "Download everything held about this email address (to answer a request for a copy), or erase all of it: every enquiry, newsletter subscription and delivery (sent or pending), and the copies of its emails.",
    start: (email: string) => `Erase all data about ${email}`,
    confirm: (email: string) => `Every enquiry, subscription and delivery about ${email} will be deleted for good. This cannot be undone.`,
    yes: (email: string) => `Yes, erase ${email}`,
    cancel: "Cancel",
    working: "Erasing…",
    done: (result: { email: string; enquiries: number; subscribers: number; deliveries: number; mailFiles: number; crmNotified: boolean }) =>
      `Erased ${result.email}: ${plural(result.enquiries, "enquiry", "enquiries")}, ${plural(result.subscribers, "subscription", "subscriptions")} and ${plural(result.deliveries, "delivery", "deliveries")} (${plural(result.mailFiles, "email file", "email files")}).${result.crmNotified ? " The CRM is being told." : ""}`,
    failed: "The erasure did not finish. Please try again: erasing twice is safe.",
  },
  person: {
    download: (email: string) => `Download all data about ${email} (JSON)`,
    working: "Preparing the download…",
    done: (email: string) => `Downloaded all data about ${email}.`,
    failed: "The download failed. Please try again.",
  },
  loadFailed: "The list could not be loaded. Please try again.",
} as const;
