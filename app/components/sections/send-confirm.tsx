import type { ContentOf } from "~/data/schemas";
import { API_BASE } from "~/lib/lead-post";
import { CONFIRM_ENDPOINT } from "../../../contract/fields";
import { CONFIRM_TOKEN_FIELD, sendConfirmSlots } from "../../../contract/send-confirm";
import { buttonClasses } from "../ui/button-link";

const fieldsSlot = { [sendConfirmSlots.fields]: "" };
const earlySlot = { [sendConfirmSlots.early]: "" };

/**
 * "One more step" for a form the browser posted without the page's script: the
 * server answers that post with this page, pre-rendered empty, after filling in
 * the list with what was sent and the button's token (contract/send-confirm.ts).
 * The button is a plain form post: it works with JavaScript off.
 */
export function SendConfirm({ copy }: { copy: ContentOf<"pages/send-confirm.yaml"> }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-3xl flex-col px-4 py-24">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{copy.heading}</h1>
      <p className="mt-6 text-lg text-muted">{copy.text}</p>
      <p {...earlySlot} role="status" hidden className="mt-4 rounded-lg bg-accent-100 px-4 py-3 font-semibold text-brand-900">
        {copy.early}
      </p>
      <dl {...fieldsSlot} className="mt-8 grid gap-x-6 gap-y-2 text-brand-900 sm:grid-cols-[auto_1fr] [&_dd]:break-words [&_dd]:whitespace-pre-wrap [&_dt]:font-semibold"></dl>
      <form method="post" action={`${API_BASE}${CONFIRM_ENDPOINT}`} className="mt-10 flex flex-wrap items-center gap-6">
        <input type="hidden" name={CONFIRM_TOKEN_FIELD} value={sendConfirmSlots.token} />
        <button type="submit" className={buttonClasses("primary")}>
          {copy.button}
        </button>
        <a href={copy.link.href} className="font-semibold text-brand-700 underline">
          {copy.link.label}
        </a>
      </form>
    </section>
  );
}
