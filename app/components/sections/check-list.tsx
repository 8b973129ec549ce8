import { Icon } from "../ui/icon";

/** A bulleted list with a tick for each point (checklists, what an edition covers). */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mx-auto grid max-w-3xl gap-4">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-lg leading-relaxed text-ink">
          <Icon name="check" className="mt-1 size-6 shrink-0 text-success" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
