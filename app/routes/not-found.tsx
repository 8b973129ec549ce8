import { Link } from "react-router";
import { layoutCopy } from "~/content/layout";
import { paths } from "~/content/paths";
import { pageMeta } from "~/lib/meta";

const copy = layoutCopy.notFound;

export const meta = () => [
  ...pageMeta({ title: copy.title, description: copy.text, path: paths.notFound }),
  { name: "robots", content: "noindex" },
];

/** Any unknown path. The server answers it with HTTP 404. */
export default function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{copy.heading}</h1>
      <p className="mt-6 text-lg text-muted">{copy.text}</p>
      <Link
        to={paths.home}
        className="mt-10 rounded-full bg-accent-500 px-6 py-3 font-semibold text-brand-950 hover:bg-accent-400"
      >
        {copy.backHome}
      </Link>
    </section>
  );
}
