// Keeps keyboard focus on the board when a move re-draws it. A button pressed to act usually disappears
// with the old position, and the browser then drops focus to the page's start; a keyboard user would have
// to Tab through the whole header again. Instead focus goes to the same control if it is drawn again (same
// data-testid or data-action), else to the board itself, so the next Tab continues inside the board.

function key(el: Element): string | null {
  for (const attr of ["data-testid", "data-action"]) {
    const v = el.getAttribute(attr);
    if (v) return `[${attr}="${CSS.escape(v)}"]`;
  }
  return null;
}

/** Svelte action for a board's container: `<div use:focusKeeper>` (it gets tabindex=-1). */
export function focusKeeper(node: HTMLElement) {
  if (!node.hasAttribute("tabindex")) node.tabIndex = -1;
  let lost: string | null = null;
  let frame = 0;

  function restore() {
    frame = 0;
    const active = document.activeElement;
    if (active && active !== document.body) return; // focus is somewhere on purpose
    const again = lost ? node.querySelector<HTMLElement>(lost) : null;
    if (again && !again.matches(":disabled")) again.focus({ preventScroll: true });
    else node.focus({ preventScroll: true });
  }

  function onFocusOut(event: FocusEvent) {
    const from = event.target as Element;
    if (event.relatedTarget) return; // focus moved to another element: not lost
    lost = key(from);
    // Removal happens after this event: look again once the new position is drawn.
    if (!frame) frame = requestAnimationFrame(() => requestAnimationFrame(restore));
  }

  node.addEventListener("focusout", onFocusOut);
  return {
    destroy() {
      node.removeEventListener("focusout", onFocusOut);
      if (frame) cancelAnimationFrame(frame);
    },
  };
}
