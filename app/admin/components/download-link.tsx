import { useState, type ReactNode } from "react";
import { adminCopy } from "~/admin/data/admin";
import { download, Unauthorized } from "./admin-api";

/**
 * A link to an owner-only file. Without script it is a plain download link;
 * with it, the file is fetched with the session and saved from a Blob, so an
 * ended session sends the owner to sign in instead of saving the error answer.
 */
export function DownloadLink({ href, className, onUnauthorized, children }: { href: string; className: string; onUnauthorized: () => void; children: ReactNode }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <a
        href={href}
        download
        className={className}
        onClick={(event) => {
          event.preventDefault();
          setFailed(false);
          download(href).catch((error: unknown) => {
            if (error instanceof Unauthorized) onUnauthorized();
            else setFailed(true);
          });
        }}
      >
        {children}
      </a>
      {failed && (
        <span role="alert" className="text-sm font-medium text-danger">
          {adminCopy.downloadFailed}
        </span>
      )}
    </>
  );
}
