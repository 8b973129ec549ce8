import { AdminInbox } from "~/components/admin/admin-inbox";
import { adminMeta } from "~/content/admin";
import { site } from "~/content/site";

// Its own route so the inbox's code loads only here; never indexed, never linked.
export const meta = () => [
  { title: `${adminMeta.title} | ${site.name}` },
  { name: "description", content: adminMeta.description },
  { name: "robots", content: "noindex, nofollow" },
];

/** The owner's inbox of enquiries and subscribers (issue 6). */
export default function AdminPage() {
  return <AdminInbox />;
}
