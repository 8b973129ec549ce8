import { MessagePage } from "~/components/sections/message-page";
import { notFoundCopy } from "~/data/layout";
import { paths } from "~/data/paths";
import { pageMeta } from "~/lib/meta";

const copy = notFoundCopy;

export const meta = () => [
  ...pageMeta({ title: copy.title, description: copy.text, path: paths.notFound }),
  { name: "robots", content: "noindex" },
];

/** Any unknown path. The server answers it with HTTP 404. */
export default function NotFoundPage() {
  return <MessagePage heading={copy.heading} text={copy.text} link={{ label: copy.backHome, href: paths.home }} />;
}
