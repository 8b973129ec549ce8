import type { Stat } from "~/data/types";
import { formatNumber } from "~/data/number-formats";

/**
 * A figure that counts up to its target once scrolled into view
 * (`<count-up>`). The final value is in the pre-rendered HTML and in an
 * sr-only copy that screen readers read, so no one is ever told a wrong
 * number; only the visible, aria-hidden copy counts, and never under reduced
 * motion. An invisible copy of the final value holds the width, so the
 * counting digits never move the layout.
 */
export function Counter({ stat }: { stat: Stat }) {
  const { value, format } = stat;
  const final = formatNumber(value, format);
  return (
    <count-up value={value} format={JSON.stringify(format)}>
      <span className="sr-only">{final}</span>
      <span aria-hidden="true" className="inline-grid tabular-nums">
        <span className="invisible col-start-1 row-start-1">{final}</span>
        <span data-counting data-testid="counter" className="col-start-1 row-start-1">
          {final}
        </span>
      </span>
    </count-up>
  );
}
