// Shared look of the inbox's controls and its one date format.

export const inputClass =
  "mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-ink ring-1 ring-line hover:ring-brand-600 aria-invalid:ring-2 aria-invalid:ring-danger";
export const labelClass = "block text-sm font-semibold text-brand-900";
export const primaryButton =
  "rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-600 aria-disabled:cursor-wait aria-disabled:opacity-75";
export const secondaryButton =
  "rounded-full bg-white px-5 py-2 font-semibold text-brand-700 ring-1 ring-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50";
export const dangerButton = "rounded-full bg-danger px-5 py-2 font-semibold text-white hover:opacity-90 aria-disabled:cursor-wait";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** A stored ISO timestamp in the owner's local time, e.g. "22 Nov 2026, 05:10". */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
