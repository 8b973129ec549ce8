// localStorage can throw (private modes, disabled storage): a banner must then
// still work for the session instead of breaking the page.

export function readStoredFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function storeFlag(key: string): void {
  try {
    window.localStorage.setItem(key, "true");
  } catch {
    // Storage unavailable: the banner hides for this session only.
  }
}
