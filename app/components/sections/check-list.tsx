import { Icon } from "../ui/icon";

/** A list of points, each with a check mark, in two columns on wide screens. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mx-auto grid max-w-5xl gap-x-10 gap-y-4 md:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3 text-lg leading-relaxed text-ink">
          <span className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-100 text-brand-700">
            <Icon name="check" className="size-4" />
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
