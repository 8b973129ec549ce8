// The spec's content protection, kept apart from React so it can be unit-tested.

/** Form fields are always exempt: a visitor can type, select and paste into them. */
export function isFormField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest("input, textarea, select, [contenteditable='true']") !== null;
}

/** ctrl+U, ctrl+C, ctrl+S, ctrl+X, ctrl+shift+I, ctrl+shift+J and F12 (⌘ counts as ctrl). */
export function isBlockedShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey">): boolean {
  if (event.key === "F12") return true;
  if (!(event.ctrlKey || event.metaKey)) return false;
  const key = event.key.toLowerCase();
  if (event.shiftKey) return key === "i" || key === "j";
  return key === "u" || key === "c" || key === "s" || key === "x";
}

/** Installs the listeners on `doc`; returns a function that removes them. */
export function installContentProtection(doc: Document): () => void {
  const blockClipboard = (event: Event) => {
    if (!isFormField(event.target)) event.preventDefault();
  };
  const blockShortcut = (event: KeyboardEvent) => {
    if (isFormField(event.target) && event.key !== "F12" && !event.shiftKey) return;
    if (isBlockedShortcut(event)) event.preventDefault();
  };
  const events = ["copy", "cut", "paste"] as const;
  for (const type of events) doc.addEventListener(type, blockClipboard);
  doc.addEventListener("keydown", blockShortcut);
  return () => {
    for (const type of events) doc.removeEventListener(type, blockClipboard);
    doc.removeEventListener("keydown", blockShortcut);
  };
}
