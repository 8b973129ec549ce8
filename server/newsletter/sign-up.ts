import { enqueue } from "../store/outbox-store";
import { subscriberDeliveries, type DeliverySettings } from "../outbox/lead-deliveries";
import type { LeadStore, NewSubscriber, SubscribeOutcome } from "../store/lead-store";
import { newConfirmToken } from "./tokens";

// A newsletter sign-up as the lead API stores it: the subscriber and, when a
// confirmation email is due, its outbox rows, committed together.

export interface SignUpOptions {
  deliveries: DeliverySettings;
  /** At most one confirmation email per address per this long (ms). */
  resendMinMs: number;
}

export function signUp(store: LeadStore, subscriber: NewSubscriber, { deliveries, resendMinMs }: SignUpOptions): Promise<SubscribeOutcome> {
  const confirm = newConfirmToken();
  return store.subscribe(subscriber, {
    confirmTokenHash: confirm.hash,
    resendMinMs,
    // A reminder re-sends the confirmation but is not a new lead for the CRM.
    alongside: async (trx, row, how) => void (await enqueue(trx, subscriberDeliveries(row, confirm.token, how !== "reminded", deliveries))),
  });
}
