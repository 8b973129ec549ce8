// Keystatic tells nothing outside itself when it has saved a file: it posts to
// its update route and moves on. The publishing bar counts the drafts, so it
// hears of each save here and counts them at once, not at its next poll.
import { EDITOR_API } from "../contract/content-editor";

const UPDATE_PATH = `${EDITOR_API}/update`;

const isUpdate = (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : undefined;
  const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
  const url = new URL(request?.url ?? String(input), window.location.href);
  return method === "POST" && url.origin === window.location.origin && url.pathname === UPDATE_PATH;
};

/** Calls `onSaved` after each save Keystatic's update route accepts; returns the function that stops listening. */
export function watchSaves(onSaved: () => void): () => void {
  const original = window.fetch;
  const watching: typeof window.fetch = async (input, init) => {
    const response = await original(input, init);
    if (response.ok && isUpdate(input, init)) onSaved();
    return response;
  };
  window.fetch = watching;
  return () => {
    // Another wrapper installed after this one stays in place.
    if (window.fetch === watching) window.fetch = original;
  };
}
