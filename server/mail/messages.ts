import { displayValue, enquiryFields, fieldEntries, type EnquiryValues, type FieldTable } from "../../contract/fields";
import type { EmailPayload } from "../store/outbox-store";

// The emails, in our own words: plain text plus simple, accessible HTML
// (lang="en-GB", one column, real text, links that say where they go) in the
// site's brand. The confirmation email contains nothing a visitor typed.

export const brand = {
  name: "Freelancer Marketplace UK",
  /** brand-700 and accent-500 of app/app.css. */
  blue: "#123c8c",
  amber: "#f5a623",
  ink: "#0a1f44",
} as const;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Header values are one line: a CR or LF could inject a header. */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

interface Block {
  heading?: string;
  paragraphs?: readonly string[];
  /** Label/value rows; values are the visitor's text and are escaped. */
  rows?: readonly (readonly [string, string])[];
  button?: { label: string; href: string };
  footer?: readonly { text: string; link?: { label: string; href: string } }[];
}

/** One simple HTML document: a table for old mail clients, text in real elements, colours with enough contrast. */
function html(title: string, block: Block): string {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${brand.ink}">${escapeHtml(text)}</p>`;
  const rows = block.rows
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;font-size:15px;color:${brand.ink};white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;font-size:15px;color:${brand.ink};white-space:pre-wrap">${escapeHtml(value) || "—"}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const button = block.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(block.button.href)}" style="display:inline-block;background:${brand.amber};color:${brand.ink};font-weight:bold;font-size:16px;text-decoration:none;padding:12px 24px;border-radius:999px">${escapeHtml(block.button.label)}</a></p>`
    : "";
  const footer = (block.footer ?? [])
    .map(
      (line) =>
        `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#44506a">${escapeHtml(line.text)}${
          line.link ? ` <a href="${escapeHtml(line.link.href)}" style="color:${brand.blue}">${escapeHtml(line.link.label)}</a>` : ""
        }</p>`,
    )
    .join("");
  return `<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#eef3fc">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;background:#eef3fc"><tr><td style="padding:24px 12px">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif">
<tr><td style="background:${brand.blue};padding:20px 24px;border-radius:8px 8px 0 0"><p style="margin:0;font-size:20px;font-weight:bold;color:#ffffff">${escapeHtml(brand.name)}</p></td></tr>
<tr><td style="padding:24px">
${block.heading ? `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${brand.blue}">${escapeHtml(block.heading)}</h1>` : ""}
${(block.paragraphs ?? []).map(p).join("\n")}
${rows}
${button}
${footer ? `<hr style="border:0;border-top:1px solid #dbe6fb;margin:24px 0 16px">${footer}` : ""}
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
}

export interface ConfirmationLinks {
  confirmUrl: string;
  /** The unsubscribe page (the visible link). */
  unsubscribePageUrl: string;
  /** The one-click endpoint (List-Unsubscribe, RFC 8058). */
  unsubscribeApiUrl: string;
}

/** Headers every newsletter email carries: one-click unsubscribe (RFC 8058). */
export const unsubscribeHeaders = (apiUrl: string): Record<string, string> => ({
  "List-Unsubscribe": `<${apiUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/** Double opt-in. Only our words and our links: never the address or anything else typed into the form. */
export function confirmationEmail(to: string, from: string, links: ConfirmationLinks): EmailPayload {
  const subject = `Please confirm your subscription to ${brand.name}`;
  const intro = `Someone, hopefully you, asked to receive the ${brand.name} newsletter at this address: guides, market updates and partner news for UK freelancers and contractors.`;
  const action = "To start receiving it, confirm your subscription. The link works for 7 days.";
  const ignore = "If this was not you, ignore this email: you will not be subscribed and we will not write again.";
  const unsubscribe = "Changed your mind?";
  const text = [
    subject,
    "",
    intro,
    "",
    action,
    `Confirm my subscription: ${links.confirmUrl}`,
    "",
    ignore,
    "",
    `${unsubscribe} Unsubscribe: ${links.unsubscribePageUrl}`,
    "",
    `${brand.name}`,
  ].join("\n");
  return {
    from,
    to,
    subject,
    text,
    html: html(subject, {
      heading: "Confirm your subscription",
      paragraphs: [intro, action],
      button: { label: "Confirm my subscription", href: links.confirmUrl },
      footer: [{ text: ignore }, { text: unsubscribe, link: { label: "Unsubscribe from this newsletter", href: links.unsubscribePageUrl } }],
    }),
    headers: unsubscribeHeaders(links.unsubscribeApiUrl),
  };
}

/** What the team notification shows: the stored enquiry's fields, and where and when it came. */
export type EnquiryForEmail = EnquiryValues & {
  sourcePage: string | null;
  id: string;
  createdAt: string;
};

/**
 * The team's notice of a new enquiry: every field of the table (its report label
 * and value), Reply-To the enquirer so answering reaches them.
 */
export function teamNotificationEmail(enquiry: EnquiryForEmail, from: string, teamEmail: string, table: FieldTable = enquiryFields): EmailPayload {
  const values: Readonly<Record<string, unknown>> = enquiry;
  const shown = (value: unknown) => (typeof value === "string" || Array.isArray(value) ? displayValue(value as string | readonly string[]) : "");
  const needs = enquiry.needs.length > 0 ? displayValue(enquiry.needs) : "no needs given";
  const subject = oneLine(`New enquiry: ${enquiry.role} – ${needs}`);
  const rows: [string, string][] = [
    ...fieldEntries(table).map(([key, spec]): [string, string] => [spec.reportLabel, shown(values[key])]),
    ["Sent from page", enquiry.sourcePage ?? ""],
    ["Received", enquiry.createdAt],
    ["Enquiry id", enquiry.id],
  ];
  const replyNote = "Reply to this email to answer the enquirer directly.";
  const text = [subject, "", ...rows.map(([label, value]) => `${label}: ${value || "—"}`), "", replyNote].join("\n");
  return {
    from,
    to: teamEmail,
    // The enquirer's address is validated by the contract; a display name is not used, so nothing typed becomes a header phrase.
    replyTo: oneLine(enquiry.email),
    subject,
    text,
    html: html(subject, { heading: "New enquiry", rows, paragraphs: [replyNote] }),
  };
}

/** An invitation to the owner's team: the link, the role, who sent it, and how long it works. Nothing typed but the inviter's name. */
export function inviteEmail(invite: { to: string; from: string; link: string; role: string; invitedBy: string; hours: number }): EmailPayload {
  const subject = `You are invited to the ${brand.name} team`;
  const intro = `${oneLine(invite.invitedBy)} invited you to sign in to ${brand.name}'s owner pages as ${invite.role}.`;
  const action = `Choose your name and password to join. The link works once, for ${invite.hours} hours.`;
  const ignore = "If you did not expect this, ignore this email: nothing happens until the link is used.";
  const text = [subject, "", intro, "", action, `Join the team: ${invite.link}`, "", ignore, "", brand.name].join("\n");
  return {
    from: invite.from,
    to: invite.to,
    subject,
    text,
    html: html(subject, { heading: "Join the team", paragraphs: [intro, action], button: { label: "Join the team", href: invite.link }, footer: [{ text: ignore }] }),
  };
}

/** A notice to one person of the team about their own account (a lock, a new second factor): our words only. */
export function teamNoticeEmail(notice: { to: string; from: string; subject: string; text: string }): EmailPayload {
  const subject = oneLine(notice.subject);
  return {
    from: notice.from,
    to: notice.to,
    subject,
    text: [subject, "", notice.text, "", brand.name].join("\n"),
    html: html(subject, { heading: subject, paragraphs: notice.text.split("\n\n") }),
  };
}
