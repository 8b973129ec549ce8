import type { IconName } from "~/data/icon-names";
import { Icon } from "../ui/icon";

export interface ContactDetail {
  label: string;
  value: string;
  href?: string;
  icon: IconName;
}

interface ContactDetailsProps {
  heading: string;
  /** The response promise, shown above the details. */
  promise: string;
  items: readonly ContactDetail[];
}

/** The team's email, phone and address beside the enquiry form, as a description list. */
export function ContactDetails({ heading, promise, items }: ContactDetailsProps) {
  return (
    <aside aria-labelledby="contact-details-heading" className="self-start rounded-2xl bg-brand-800 p-6 text-white sm:p-8">
      <h3 id="contact-details-heading" className="text-xl font-semibold">
        {heading}
      </h3>
      <p className="mt-4 flex items-start gap-3 rounded-xl bg-brand-700 p-4 font-medium">
        <Icon name="calendar" className="mt-0.5 size-5 shrink-0 text-accent-400" />
        {promise}
      </p>
      <dl className="mt-6 space-y-5">
        {items.map((item) => (
          <div key={item.label}>
            <dt className="flex items-center gap-3 text-sm font-semibold tracking-wider text-brand-100 uppercase">
              <Icon name={item.icon} className="size-5 shrink-0 text-accent-400" />
              {item.label}
            </dt>
            <dd className="mt-1 pl-8">
              {item.href ? (
                <a href={item.href} className="underline-offset-4 hover:underline">
                  {item.value}
                </a>
              ) : (
                item.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
