// "One more step": the page a form posted without the page's script gets, and
// what its Send button answers when it cannot send. The words are
// content/pages/send-confirm.yaml and content/pages/send-failed.yaml; the
// server fills in what was sent and the button's token
// (server/spam/send-confirm-page.ts).
import confirmFile from "../../content/pages/send-confirm.yaml";
import failedFile from "../../content/pages/send-failed.yaml";
import { paths } from "./paths";
import type { ContentOf } from "./schemas";

const confirm = confirmFile as ContentOf<"pages/send-confirm.yaml">;
const failed = failedFile as ContentOf<"pages/send-failed.yaml">;

export const sendConfirmPage = { ...confirm, meta: { ...confirm.meta, path: paths.sendConfirm } } as const;

/** The pages of a press that sent nothing, by why: each an h1, a line and the way back to the form. */
export const sendFailedPages = {
  expired: { meta: { ...failed.meta, path: paths.sendExpired }, ...failed.expired, link: failed.link },
  used: { meta: { ...failed.meta, path: paths.sendUsed }, ...failed.used, link: failed.link },
  invalid: { meta: { ...failed.meta, path: paths.sendInvalid }, ...failed.invalid, link: failed.link },
} as const;
