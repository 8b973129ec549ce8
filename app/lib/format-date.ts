const longDate = { day: "numeric", month: "long", year: "numeric" } as const;

/** A calendar date as British English writes it: 22 November 2026. `timeZone` pins a fixed date (e.g. "UTC"). */
export function formatDateGB(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-GB", { ...longDate, timeZone }).format(date);
}

/** A fixed date written in content as YYYY-MM-DD, formatted the same on the build machine and in every browser. */
export function formatIsoDateGB(isoDate: string): string {
  return formatDateGB(new Date(`${isoDate}T00:00:00Z`), "UTC");
}

/** The local calendar date as YYYY-MM-DD, for a `<time dateTime>` attribute. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
