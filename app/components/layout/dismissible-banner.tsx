import type { ReactNode } from "react";
import { Icon } from "../ui/icon";
import { NOTICE_ACTION_ATTRIBUTE, NOTICE_ATTRIBUTE, type NoticeAction, type NoticeName } from "~/lib/notices-markup";

interface DismissibleBannerProps {
  notice: NoticeName;
  label: string;
  acceptLabel: string;
  closeLabel: string;
  /** The notice's text: phrasing content, so the accept button can follow it on the same line. */
  children: ReactNode;
}

const action = (value: NoticeAction) => ({ [NOTICE_ACTION_ATTRIBUTE]: value });

/**
 * One notice, as a compact strip in the page flow: markup only. Whether it
 * shows, and what its buttons do (accept remembers in localStorage, close
 * hides it for this page), is the head script's (app/head/notices.ts), so both
 * work from the first paint; app.css shows or hides it by that script's classes.
 * On a phone the text runs the full width with the accept button at its end
 * and the close button in the top corner; from `sm` up the buttons sit beside it.
 */
export function DismissibleBanner({ notice, label, acceptLabel, closeLabel, children }: DismissibleBannerProps) {
  return (
    <section {...{ [NOTICE_ATTRIBUTE]: notice }} aria-label={label} className="border-b border-line bg-brand-50 text-ink">
      <p className="relative mx-auto max-w-7xl px-4 py-0.5 text-xs leading-tight sm:flex sm:items-center sm:gap-x-4 sm:px-6 sm:py-2 sm:text-sm sm:leading-snug">
        {/* Keeps the first line clear of the close button, which sits in the corner on a phone. */}
        <span aria-hidden="true" className="float-right h-5 w-6 sm:hidden" />
        <span className="sm:flex-1">{children}</span>{" "}
        <button
          type="button"
          {...action("accept")}
          className="inline-flex min-h-5 items-center rounded-full bg-brand-700 px-3 align-middle text-xs font-semibold whitespace-nowrap text-white hover:bg-brand-600 sm:min-h-8 sm:px-4 sm:text-sm"
        >
          {acceptLabel}
        </button>
        <button
          type="button"
          {...action("close")}
          aria-label={closeLabel}
          className="absolute top-0 right-3 rounded p-0.5 text-muted hover:text-ink sm:static sm:-mr-1"
        >
          <Icon name="x" className="size-5" />
        </button>
      </p>
    </section>
  );
}
