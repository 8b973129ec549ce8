import { useId, type RefObject } from "react";
import { recoveryCopy as copy } from "~/admin/data/admin-team";
import { primaryButton, secondaryButton } from "./ui";

/** The codes as a text file saved on this device (made here: the server shows them once and keeps only their hashes). */
function saveAsFile(codes: readonly string[]) {
  const href = URL.createObjectURL(new Blob([[copy.fileHeading, "", ...codes, ""].join("\n")], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = href;
  link.download = copy.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the Blob to the download.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Ten recovery codes, shown once: kept as a file or written down, then "I have saved them" goes on. */
export function RecoveryCodesView({ codes, headingRef, onDone }: { codes: readonly string[]; headingRef?: RefObject<HTMLHeadingElement | null>; onDone: () => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="max-w-2xl space-y-4 rounded-2xl bg-white p-6 ring-1 ring-line">
      <h2 ref={headingRef} id={`${id}-heading`} tabIndex={-1} className="text-xl font-bold text-brand-900">
        {copy.heading}
      </h2>
      <p>{copy.text}</p>
      <ol aria-label={copy.listLabel} className="grid grid-cols-2 gap-2 font-mono text-lg sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-brand-50 px-3 py-2 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => saveAsFile(codes)} className={secondaryButton}>
          {copy.download}
        </button>
        <button type="button" onClick={onDone} className={primaryButton}>
          {copy.saved}
        </button>
      </div>
    </section>
  );
}
