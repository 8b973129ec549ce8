import { AdminInbox } from "~/components/admin/admin-inbox";
import { adminMeta } from "~/data/admin";
import { paths } from "~/data/paths";
import { pageMeta } from "~/lib/meta";

// Its own route so the inbox's code loads only here; never linked, never indexed.
export const meta = () => [...pageMeta({ ...adminMeta, path: paths.admin }), { name: "robots", content: "noindex, nofollow" }];

/** The owner's inbox of enquiries and subscribers. */
export default function AdminPage() {
  return <AdminInbox />;
}
