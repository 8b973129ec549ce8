import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { adminCopy } from "~/admin/data/admin";
import type { ConsentRecord, Delivery, EnquiryDetail, LeadKind, SubscriberDetail } from "../../../contract/admin";
import { adminApi, Unauthorized } from "./admin-api";
import { enquiryFields, newsletterFields } from "../../../contract/fields";
import { EraseControl } from "./erase-control";
import { detailRows } from "./lead-fields";
import { formatWhen, secondaryButton } from "./ui";

const copy = adminCopy.detail;

function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-brand-900">{term}</dt>
          <dd className="min-w-0 whitespace-pre-wrap wrap-anywhere">{value === "" || value === null || value === undefined ? copy.none : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function consentRows(consent: ConsentRecord, userAgent?: string | null): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [[copy.consent.consentAt, formatWhen(consent.consentAt)]];
  if (consent.consentVersion !== null) rows.push([copy.consent.consentVersion, consent.consentVersion]);
  rows.push([copy.consent.sourcePage, consent.sourcePage], [copy.consent.ipHash, consent.ipHash]);
  if (userAgent !== undefined) rows.push([copy.consent.userAgent, userAgent]);
  else rows.push([copy.consent.confirmedAt, formatWhen(consent.confirmedAt)], [copy.consent.unsubscribedAt, formatWhen(consent.unsubscribedAt)]);
  return rows;
}

function Deliveries({ deliveries, onRetried, onUnauthorized }: { deliveries: Delivery[]; onRetried: (delivery: Delivery) => void; onUnauthorized: () => void }) {
  const [working, setWorking] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  async function retry(delivery: Delivery) {
    if (working) return;
    setWorking(delivery.id);
    const what = copy.topics[delivery.topic] ?? delivery.topic;
    try {
      onRetried(await adminApi.retry(delivery.id));
      setNotice({ text: copy.retry.done(what), failed: false });
    } catch (failure) {
      if (failure instanceof Unauthorized) return onUnauthorized();
      setNotice({ text: copy.retry.failed, failed: true });
    } finally {
      setWorking(null);
    }
    // The button pressed is gone with the failed status: the outcome is read next.
    noticeRef.current?.focus();
  }

  if (deliveries.length === 0) return <p className="text-muted">{copy.noDeliveries}</p>;
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (axe: scrollable-region-focusable) */}
      <div role="region" aria-label={copy.deliveriesCaption} tabIndex={0} className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{copy.deliveriesCaption}</caption>
          <thead className="border-b border-line text-brand-900">
            <tr>
              {[copy.delivery.what, copy.delivery.status, copy.delivery.attempts, copy.delivery.when, copy.delivery.error, copy.delivery.action].map((heading) => (
                <th key={heading} scope="col" className="py-2 pr-4">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => {
              const what = copy.topics[delivery.topic] ?? delivery.topic;
              return (
                <tr key={delivery.id} className="border-b border-line last:border-0">
                  <td className="py-2 pr-4">{what}</td>
                  <td className={`py-2 pr-4 font-semibold ${delivery.status === "failed" ? "text-danger" : delivery.status === "sent" ? "text-success" : ""}`}>
                    {copy.deliveryStatus[delivery.status] ?? delivery.status}
                  </td>
                  <td className="py-2 pr-4">{delivery.attempts}</td>
                  <td className="py-2 pr-4">{formatWhen(delivery.status === "sent" ? delivery.sentAt : delivery.nextAttemptAt) || copy.none}</td>
                  <td className="py-2 pr-4 wrap-anywhere">{delivery.lastError ?? copy.none}</td>
                  <td className="py-2 pr-4">
                    {delivery.status === "failed" ? (
                      <button
                        type="button"
                        aria-label={copy.retry.label(what)}
                        aria-disabled={working === delivery.id}
                        onClick={() => retry(delivery)}
                        className="font-semibold text-brand-700 underline hover:text-brand-600 aria-disabled:cursor-wait"
                      >
                        {working === delivery.id ? copy.retry.working : copy.retry.button}
                      </button>
                    ) : (
                      copy.none
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p ref={noticeRef} tabIndex={-1} role="status" className={`mt-2 text-sm font-medium outline-none ${notice?.failed ? "text-danger" : "text-success"}`}>
        {notice?.text}
      </p>
    </>
  );
}

/** One lead in a modal dialog: what they sent, their consent record, every delivery about them, and erasure. */
export function LeadDetail({
  kind,
  id,
  onClose,
  onErased,
  onUnauthorized,
  canErase = true,
}: {
  kind: LeadKind;
  id: string;
  onClose: () => void;
  onErased: (message: string) => void;
  onUnauthorized: () => void;
  /** The role may erase (the owner); the inbox role may only download. */
  canErase?: boolean;
}) {
  const [detail, setDetail] = useState<EnquiryDetail | SubscriberDetail | null | "missing">(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    adminApi.detail(kind, id).then(
      (found) => live && setDetail(found),
      (error: unknown) => {
        if (error instanceof Unauthorized) onUnauthorized();
        else if (live) setDetail("missing");
      },
    );
    return () => {
      live = false;
    };
  }, [kind, id, onUnauthorized]);

  // A modal dialog: the list behind is inert, Escape closes it, and reading starts at its heading.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    headingRef.current?.focus();
    return () => dialog?.close();
  }, []);

  // A retried delivery replaces its row; the lead is not fetched again (that would be another "opened a lead").
  const retried = (delivery: Delivery) =>
    setDetail((current) => (current && current !== "missing" ? { ...current, deliveries: current.deliveries.map((item) => (item.id === delivery.id ? delivery : item)) } : current));

  const enquiry = detail && detail !== "missing" && "name" in detail ? detail : null;
  const subscriber = detail && detail !== "missing" && !("name" in detail) ? detail : null;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-full max-w-3xl space-y-6 overflow-y-auto rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-brand-950/60"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-brand-900">
          {copy.heading[kind]}
          {enquiry ? `: ${enquiry.name}` : subscriber ? `: ${subscriber.email}` : ""}
        </h2>
        <button type="button" onClick={onClose} className={secondaryButton}>
          {copy.close}
        </button>
      </div>
      {detail === null && <p role="status">{copy.loading}</p>}
      {detail === "missing" && <p role="status">{copy.missing}</p>}
      {enquiry && (
        <Facts
          rows={[[copy.fields.received, formatWhen(enquiry.createdAt)], ...detailRows(enquiryFields, enquiry)]}
        />
      )}
      {subscriber && (
        <Facts
          rows={[
            [copy.fields.received, formatWhen(subscriber.createdAt)],
            ...detailRows(newsletterFields, subscriber),
            [copy.fields.status, adminCopy.statuses[subscriber.status] ?? subscriber.status],
            [copy.fields.updated, formatWhen(subscriber.updatedAt)],
          ]}
        />
      )}
      {(enquiry ?? subscriber) && (
        <>
          <div>
            <h3 className="mb-3 text-lg font-semibold text-brand-900">{copy.consentHeading}</h3>
            <Facts rows={consentRows((enquiry ?? subscriber)!.consent, enquiry ? enquiry.userAgent : undefined)} />
          </div>
          <div>
            <h3 className="mb-3 text-lg font-semibold text-brand-900">{copy.deliveriesHeading}</h3>
            <Deliveries deliveries={(enquiry ?? subscriber)!.deliveries} onRetried={retried} onUnauthorized={onUnauthorized} />
          </div>
          <EraseControl email={(enquiry ?? subscriber)!.email} onErased={onErased} onUnauthorized={onUnauthorized} canErase={canErase} />
        </>
      )}
    </dialog>
  );
}
