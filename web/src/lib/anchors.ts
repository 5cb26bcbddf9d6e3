// In-document links (#MO-3.2) inside a scrolling box: scroll the box to the target, flash it and move focus
// there, without leaving the page. Used by the rules page (which also puts the rule in the address) and the
// table's rules panel (which must not touch the table's address).

/** The element with ``id`` inside ``root`` (ids hold dots, so no CSS id selector). */
export function findAnchor(root: ParentNode, id: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`);
}

/** Scrolls to the anchor ``id`` under ``root``, marks it for a moment and gives it keyboard focus. */
export function showAnchor(root: ParentNode, id: string, focus = true): boolean {
  const el = findAnchor(root, id);
  if (!el) return false;
  el.scrollIntoView({ block: "start" });
  root.querySelectorAll(".flash").forEach((x) => x.classList.remove("flash"));
  el.classList.add("flash");
  if (focus) {
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: true });
  }
  return true;
}

/** Svelte action: clicks on ``<a href="#id">`` under ``node`` show that anchor; ``hash`` also records it in the address. */
export function anchors(node: HTMLElement, opts: { hash?: boolean } = {}): { update(o: { hash?: boolean }): void; destroy(): void } {
  let hash = opts.hash ?? false;
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const a = (event.target as Element | null)?.closest?.("a[href^='#']");
    if (!a || !node.contains(a)) return;
    const id = decodeURIComponent((a.getAttribute("href") ?? "").slice(1));
    if (!id || !showAnchor(node, id)) return;
    event.preventDefault();
    if (hash) history.replaceState(history.state, "", `${location.pathname}${location.search}#${encodeURIComponent(id)}`);
  };
  node.addEventListener("click", onClick);
  return {
    update: (o) => {
      hash = o.hash ?? false;
    },
    destroy: () => node.removeEventListener("click", onClick),
  };
}
