import { NEWSLETTER_UNSUBSCRIBE_ENDPOINT, TOKEN_PARAM } from "../../contract/newsletter";
import { paths } from "../../contract/paths";
import { confirmationEmail, teamNotificationEmail } from "../mail/messages";
import { unsubscribeToken } from "../newsletter/tokens";
import { enquiryFields, type FieldTable } from "../../contract/fields";
import { enquiryValues, fieldValues } from "../store/enquiry-columns";
import type { EnquiryRow, SubscriberRow } from "../store/schema";
import type { NewDelivery } from "../store/outbox-store";
import type { Config } from "../config";

// What each accepted lead sends, as outbox rows: decided here, written in the
// lead's transaction by the caller, delivered later by the worker.

export interface DeliverySettings {
  publicSiteUrl: URL;
  from: string;
  teamEmail: string;
  unsubscribeSecret: string;
  /** CRM forwarding, when configured (only whether it is: the URL itself is never stored). */
  webhookUrl?: string;
}

/** The settings as this server is configured: the site, the sender and team, the unsubscribe key, the CRM. */
export const deliverySettings = (config: Config, unsubscribeSecret: string): DeliverySettings => ({
  publicSiteUrl: config.publicSiteUrl,
  from: config.mail.from,
  teamEmail: config.mail.teamEmail,
  unsubscribeSecret,
  webhookUrl: config.webhook?.url,
});

const link = (base: URL, path: string, token: string) => {
  const url = new URL(path, base);
  url.searchParams.set(TOKEN_PARAM, token);
  return url.href;
};

// The body only: the URL and its credentials stay in the configuration (read when the call is sent).
function webhook(kind: "enquiry" | "subscriber", id: string, email: string, createdAt: string, data: Record<string, unknown>): NewDelivery {
  return {
    channel: "webhook",
    topic: "lead-webhook",
    leadKind: kind,
    leadId: id,
    leadEmail: email,
    payload: { body: JSON.stringify({ type: kind, id, created_at: createdAt, data }) },
  };
}

/** The team's email and, when configured, the CRM call: both carry every field of the enquiry's table. */
export function enquiryDeliveries(row: EnquiryRow, settings: DeliverySettings, table: FieldTable = enquiryFields): NewDelivery[] {
  const values = { ...enquiryValues(row), ...fieldValues(table, row) };
  const email = teamNotificationEmail({ ...values, id: row.id, sourcePage: row.source_page, createdAt: row.created_at }, settings.from, settings.teamEmail, table);
  const deliveries: NewDelivery[] = [
    { channel: "email", topic: "team-notification", leadKind: "enquiry", leadId: row.id, leadEmail: row.email, payload: email },
  ];
  if (settings.webhookUrl) {
    deliveries.push(
      webhook("enquiry", row.id, row.email, row.created_at, {
        ...values,
        consent_at: row.consent_at,
        consent_version: row.consent_version,
        source_page: row.source_page,
      }),
    );
  }
  return deliveries;
}

/** A confirmation email, and for a new sign-up (not a reminder) the CRM call. */
export function subscriberDeliveries(row: SubscriberRow, confirmToken: string, isNewSignUp: boolean, settings: DeliverySettings): NewDelivery[] {
  const unsubscribe = unsubscribeToken(settings.unsubscribeSecret, row.id);
  const email = confirmationEmail(row.email, settings.from, {
    confirmUrl: link(settings.publicSiteUrl, paths.newsletterConfirm, confirmToken),
    unsubscribePageUrl: link(settings.publicSiteUrl, paths.newsletterUnsubscribe, unsubscribe),
    unsubscribeApiUrl: link(settings.publicSiteUrl, NEWSLETTER_UNSUBSCRIBE_ENDPOINT, unsubscribe),
  });
  const deliveries: NewDelivery[] = [
    { channel: "email", topic: "confirm-subscription", leadKind: "subscriber", leadId: row.id, leadEmail: row.email, payload: email },
  ];
  if (settings.webhookUrl && isNewSignUp) {
    deliveries.push(
      webhook("subscriber", row.id, row.email, row.updated_at, {
        email: row.email,
        status: row.status,
        consent_at: row.consent_at,
        source_page: row.source_page,
      }),
    );
  }
  return deliveries;
}
