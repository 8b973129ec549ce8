// The publishing bar above the editor: what is saved but not yet live, a
// preview build of it, and Publish. Keystatic saves each edit as a file in the
// server's checkout (a draft); this bar builds and swaps them in.
import { useCallback, useEffect, useState } from "react";
import { contentEndpoints, PREVIEW_PATH, type PublishStatus } from "../contract/content-editor";
import { previewPaths } from "./keystatic.config";
import { watchSaves } from "./save-watch";

const POLL_MS = 1500;
/** Each page an editable file shows on, once. */
const previewPages = [...new Set(Object.values(previewPaths))];

async function call(url: string, method: "GET" | "POST" = "GET"): Promise<PublishStatus | { message: string }> {
  const response = await fetch(url, { method, headers: { accept: "application/json" }, credentials: "same-origin" });
  if (response.status === 401) {
    window.location.assign("/admin");
    return { message: "Signed out" };
  }
  return (await response.json()) as PublishStatus | { message: string };
}

const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

export function PublishBar() {
  const [status, setStatus] = useState<PublishStatus>();
  const [notice, setNotice] = useState("");

  const refresh = useCallback(async () => {
    const next = await call(contentEndpoints.status);
    if ("state" in next) setStatus(next);
  }, []);

  useEffect(() => {
    void refresh();
    // While a build runs, and now and then otherwise (another owner's saves and publishes).
    const timer = window.setInterval(() => void refresh(), status?.state === "building" ? POLL_MS : POLL_MS * 4);
    return () => window.clearInterval(timer);
  }, [refresh, status?.state]);

  // A save is counted as soon as the server has it.
  useEffect(() => watchSaves(() => void refresh()), [refresh]);

  const start = async (url: string) => {
    const answer = await call(url, "POST");
    if ("state" in answer) setStatus(answer);
    else setNotice(answer.message);
  };

  const building = status?.state === "building";
  const drafts = status?.drafts ?? [];
  let line: string;
  if (!status) line = "Loading…";
  else if (building) line = status.job === "publish" ? "Publishing: building the site… (about a minute)" : "Building the preview… (about a minute)";
  else if (status.error) line = status.error.job === "publish" ? "Not published: the site is unchanged." : "The preview could not be built.";
  else if (drafts.length > 0) line = `${drafts.length} saved change${drafts.length === 1 ? "" : "s"} not yet published.`;
  else line = status.published ? `Published ${when(status.published.at)}: the site is up to date.` : "Nothing to publish: the site is up to date.";

  return (
    <section className="publish-bar" aria-label="Publishing">
      <p role="status" className="publish-line">
        {line} {notice}
      </p>
      {status?.error && !building && (
        <div role="alert" className="publish-error">
          <p>The build refused the content:</p>
          <pre>{status.error.message}</pre>
          <p>Correct the field it names, save, and publish again.</p>
        </div>
      )}
      <div className="publish-actions">
        <button type="button" disabled={building} onClick={() => void start(contentEndpoints.preview)}>
          Preview
        </button>
        {status?.preview && !building && (
          <span className="publish-links">
            Open the preview:{" "}
            {previewPages.map((path) => (
              <a key={path} href={`${PREVIEW_PATH}${path}`} target="_blank" rel="noreferrer">
                {path}
              </a>
            ))}
          </span>
        )}
        <button type="button" className="publish-primary" disabled={building} onClick={() => void start(contentEndpoints.publish)}>
          Publish
        </button>
        <a href="/admin">Inbox</a>
        <a href="/" target="_blank" rel="noreferrer">
          View the site
        </a>
      </div>
    </section>
  );
}
