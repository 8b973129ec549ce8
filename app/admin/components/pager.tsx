import { adminCopy } from "~/admin/data/admin";
import { secondaryButton } from "./ui";

interface PagerProps {
  /** The page shown and how many there are. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation's accessible name: which list it pages. */
  label?: string;
}

/** Previous, "page n of m", next: the inbox's lists and the activity log page alike. Nothing when one page holds all. */
export function Pager({ page, pages, onPage, label = adminCopy.paging.label }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-4">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={secondaryButton}>
        {adminCopy.paging.previous}
      </button>
      <p>{adminCopy.paging.position(page, pages)}</p>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={secondaryButton}>
        {adminCopy.paging.next}
      </button>
    </nav>
  );
}
