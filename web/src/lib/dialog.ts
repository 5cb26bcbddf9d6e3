// Focus management for the in-page dialogs (the new-table form, the account panel): focus moves in when
// one opens, Escape closes it, and focus goes back to the control that opened it when it closes.

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export interface DialogOptions {
  /** Called on Escape; the owner closes the dialog (unmounting the element). */
  onClose: () => void;
  /** A selector inside the dialog to focus first; else its first focusable control. */
  initial?: string;
}

/** Svelte action: `<form use:dialog={{ onClose }}>`. */
export function dialog(node: HTMLElement, options: DialogOptions) {
  let opts = options;
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;

  const first =
    (opts.initial ? node.querySelector<HTMLElement>(opts.initial) : null) ?? node.querySelector<HTMLElement>(FOCUSABLE);
  // After the browser has laid the dialog out, so scrolling to it works on a phone too.
  const frame = requestAnimationFrame(() => {
    (first ?? node).focus();
    node.scrollIntoView?.({ block: "nearest" });
  });

  function onKey(event: KeyboardEvent) {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    opts.onClose();
  }
  node.addEventListener("keydown", onKey);

  return {
    update(next: DialogOptions) {
      opts = next;
    },
    destroy() {
      cancelAnimationFrame(frame);
      node.removeEventListener("keydown", onKey);
      // Back to the opener, if it is still on the page and focus has not gone somewhere on purpose.
      const active = document.activeElement;
      const lost = !active || active === document.body || node.contains(active);
      if (lost && opener && opener.isConnected) opener.focus();
    },
  };
}
