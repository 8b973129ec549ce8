// The server's validation of what the beacon and the forms send (analytics.ts
// has the shapes): strict, short, our own paths only.
import * as v from "valibot";
import {
  analyticsForms,
  ANALYTICS_TEXT_MAX,
  browserEvents,
  FIELD_MESSAGES_PER_VIEW_MAX,
  fieldMessageKeys,
  FORM_TIME_MAX_MS,
  SELECTOR_MAX,
  SELECTOR_PATTERN,
  vitalMax,
  vitalNames,
  type AnalyticsEvent,
  type AnalyticsForm,
  type FieldMessageKey,
  type FormTrail,
  type LeaveEvent,
  type VitalName,
  type Visit,
} from "./analytics";
import { enquiryFields, fieldEntries, fieldMessages, newsletterFields, type FieldTable } from "./form-fields";
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

/** Each form's table: its fields by wire name, as the beacon names them. */
const formTables: Readonly<Record<AnalyticsForm, FieldTable>> = { contact: enquiryFields, newsletter: newsletterFields };

/** Field key and the message keys it can show, by wire name, per form. */
export const trailFields: Readonly<Record<AnalyticsForm, ReadonlyMap<string, { key: string; messages: ReadonlySet<FieldMessageKey> }>>> = Object.fromEntries(
  analyticsForms.map((form) => [
    form,
    new Map(
      fieldEntries(formTables[form]).map(([key, spec]) => {
        const messages = fieldMessages(spec);
        return [spec.wire, { key, messages: new Set(fieldMessageKeys.filter((name) => messages[name] !== undefined)) }];
      }),
    ),
  ]),
) as unknown as Record<AnalyticsForm, ReadonlyMap<string, { key: string; messages: ReadonlySet<FieldMessageKey> }>>;

/** The most fields a form has: a trail never names more. */
const FIELDS_MAX = Math.max(...analyticsForms.map((form) => trailFields[form].size));
const wireName = v.pipe(v.string(), v.maxLength(40));
const whole = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));

const FormTrailSchema = v.pipe(
  v.strictObject({
    f: v.picklist(analyticsForms),
    r: v.pipe(v.array(wireName), v.maxLength(FIELDS_MAX)),
    l: v.optional(wireName),
    m: v.optional(v.pipe(v.array(v.strictTuple([wireName, v.picklist(fieldMessageKeys), v.pipe(whole(FIELD_MESSAGES_PER_VIEW_MAX), v.minValue(1))])), v.maxLength(FIELDS_MAX * fieldMessageKeys.length))),
    c: v.optional(v.pipe(v.array(wireName), v.maxLength(FIELDS_MAX))),
    t: v.optional(whole(FORM_TIME_MAX_MS)),
    u: v.optional(wireName),
  }),
  // Only the form's own fields, each once, and only the messages each can show.
  v.check((trail) => {
    const known = trailFields[trail.f];
    const names = [...trail.r, ...[trail.l, trail.u].filter((name) => name !== undefined), ...(trail.c ?? []), ...(trail.m ?? []).map(([name]) => name)];
    if (!names.every((name) => known.has(name))) return false;
    // A withdrawn leave always comes with what replaces it: a leave elsewhere or a send.
    if (trail.u !== undefined && (trail.u === trail.l || (trail.l === undefined && trail.t === undefined))) return false;
    if (new Set(trail.r).size !== trail.r.length || new Set(trail.c).size !== (trail.c ?? []).length) return false;
    const met = (trail.m ?? []).map(([name, key]) => `${name} ${key}`);
    return new Set(met).size === met.length && (trail.m ?? []).every(([name, key]) => known.get(name)?.messages.has(key));
  }, "unknown field or message"),
) satisfies v.GenericSchema<unknown, FormTrail>;

const vitalsSchema = v.strictObject(Object.fromEntries(vitalNames.map((name) => [name, v.optional(whole(vitalMax[name]))])) as Record<VitalName, v.OptionalSchema<ReturnType<typeof whole>, undefined>>);

export const LeaveSchema = v.pipe(
  v.strictObject({
    e: v.literal("leave"),
    p: sitePath,
    v: v.optional(VisitSchema),
    t: v.optional(v.pipe(v.array(FormTrailSchema), v.maxLength(analyticsForms.length))),
    w: v.optional(vitalsSchema),
    o: v.optional(vitalsSchema),
    s: v.optional(v.pipe(v.string(), v.maxLength(SELECTOR_MAX), v.regex(SELECTOR_PATTERN))),
  }),
  v.check((event) => new Set(event.t?.map((trail) => trail.f)).size === (event.t ?? []).length, "one trail per form"),
  // A sample is only moved: each withdrawn value comes with the metric's new one.
  v.check((event) => Object.keys(event.o ?? {}).every((name) => event.w?.[name as VitalName] !== undefined), "a withdrawn vital without its new value"),
) satisfies v.GenericSchema<unknown, LeaveEvent>;

/** Anything the beacon sends: a page view or form step, or the leave beacon. */
export const BeaconSchema = v.union([EventSchema, LeaveSchema]);

/** An ISO calendar date, YYYY-MM-DD. */
export const IsoDay = v.pipe(v.string(), v.isoDate());
