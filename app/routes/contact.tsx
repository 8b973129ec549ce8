import { contactMeta } from "~/data/meta/contact";
import { pageMeta } from "~/lib/meta";
import { hydratedLater } from "~/lib/hydrated-later";

export const meta = () => pageMeta(contactMeta);

const ContactContent = hydratedLater(() => import("~/pages/contact"));

/** Contact: the page hydrates just after the rest, like the footer's newsletter form. */
export default function ContactPage() {
  return <ContactContent />;
}
