// The server's validation of what the beacon and the forms send (analytics.ts
// has the shapes): strict, short, our own paths only.
import * as v from "valibot";
import { analyticsForms, ANALYTICS_TEXT_MAX, browserEvents, type AnalyticsEvent, type Visit } from "./analytics";
import { singleLineText } from "./input-policy";

export * from "./analytics";

/** A path on this site: starts with one slash, no query, no fragment, nothing invisible (the forms' input policy). */
const sitePath = v.pipe(singleLineText, v.maxLength(ANALYTICS_TEXT_MAX), v.regex(/^\/(?!\/)[^?#\s]*$/));
/** A referrer or UTM value: the forms' one-line policy (no control or text-direction characters), short. */
const shortText = v.pipe(singleLineText, v.maxLength(ANALYTICS_TEXT_MAX));

export const VisitSchema = v.strictObject({
  l: sitePath,
  r: v.optional(shortText),
  s: v.optional(shortText),
  m: v.optional(shortText),
  c: v.optional(shortText),
  n: v.optional(v.literal(1)),
}) satisfies v.GenericSchema<unknown, Visit>;

export const EventSchema = v.strictObject({
  e: v.picklist(browserEvents),
  p: sitePath,
  f: v.optional(v.picklist(analyticsForms)),
  x: v.optional(v.literal(1)),
  v: VisitSchema,
}) satisfies v.GenericSchema<unknown, AnalyticsEvent>;

/** An ISO calendar date, YYYY-MM-DD. */
export const IsoDay = v.pipe(v.string(), v.isoDate());
