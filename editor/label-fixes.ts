// Keystatic 0.6.9 draws a list item's remove button as an icon with no
// accessible name (axe: button-name). Until it names it, name it here after
// its row: "Remove I'm a Freelancer". Upstream's other findings are in ADR 0014.
const unnamed = 'button.kui\\:ActionButton:not([aria-label]):not([aria-labelledby])';

function labelRemoveButtons(root: ParentNode) {
  for (const button of root.querySelectorAll<HTMLButtonElement>(`[role="gridcell"] ${unnamed}`)) {
    if (button.textContent?.trim()) continue;
    const row = button.closest('[role="row"]');
    const item = row?.getAttribute("aria-label") ?? row?.textContent?.trim() ?? "";
    button.setAttribute("aria-label", item ? `Remove ${item}` : "Remove");
  }
}

export function nameUnnamedButtons(root: HTMLElement) {
  labelRemoveButtons(root);
  new MutationObserver(() => labelRemoveButtons(root)).observe(root, { childList: true, subtree: true });
}
