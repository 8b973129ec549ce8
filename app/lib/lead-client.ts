// The contact form's React side of sending a lead: its hooks over lead-post.ts
// (which sends; docs/lead-intake.md), re-exported here with it.
import { useEffect, useMemo, useRef, type FormEvent } from "react";
import { firstPaintTime, newSubmission, watchFormStart, type Submission } from "./lead-post";

export * from "./lead-post";

/** Starts the proof of work on the form's first focus or input, and notes when that was (watchFormStart). */
export function useProofOfWork(formRef: { readonly current: HTMLFormElement | null }) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    return watchFormStart(form);
  }, [formRef]);
}

/**
 * The form's current submission: shown at the first paint, kept across retries
 * (so the server sees one enquiry), renewed after a success (shown from then).
 */
export function useSubmission() {
  const ref = useRef<Submission | null>(null);
  // Every form is in the page's HTML, so it was shown at the first paint, not when its island hydrated: a visitor
  // who typed meanwhile and pressed just after must not look to the server like a bot's instant submission.
  useEffect(() => {
    ref.current = newSubmission(firstPaintTime());
  }, []);
  return useMemo(
    () => ({
      current: () => (ref.current ??= newSubmission(firstPaintTime())),
      renew: () => {
        ref.current = newSubmission();
      },
    }),
    [],
  );
}

/**
 * The form's submit handler: a press while the previous submission is still
 * being sent is ignored, so a double tap is one request.
 */
export function useOneSubmissionAtATime(send: () => Promise<void>) {
  const busy = useRef(false);
  // Without an event: a submission the head script held before this code (app/head/early-forms.ts).
  return async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await send();
    } finally {
      busy.current = false;
    }
  };
}
