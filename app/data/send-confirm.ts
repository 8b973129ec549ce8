// "One more step": the page a form posted without the page's script gets, and
// what its Send button answers when it cannot send. The words are
// content/pages/send-confirm.yaml and content/pages/send-failed.yaml (the
// pages collection, read by the route files); the server fills in what was
// sent and the button's token (server/spam/send-confirm-page.ts).
import { paths } from "./paths";
import type { ContentOf } from "./schemas";

export function sendConfirmCopy(confirm: ContentOf<"pages/send-confirm.yaml">) {
  return { ...confirm, meta: { ...confirm.meta, path: paths.sendConfirm } } as const;
}

/** The page of a press that sent nothing, by why: an h1, a line and the way back to the form. */
export function sendFailedCopy(failed: ContentOf<"pages/send-failed.yaml">, why: "expired" | "used" | "invalid") {
  const path = { expired: paths.sendExpired, used: paths.sendUsed, invalid: paths.sendInvalid }[why];
  return { meta: { ...failed.meta, path }, ...failed[why], link: failed.link } as const;
}
