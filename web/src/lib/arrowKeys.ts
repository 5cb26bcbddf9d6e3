// Arrow keys between the items of a row (a hand of cards, a row of tactics): ArrowRight/ArrowDown to the next,
// ArrowLeft/ArrowUp to the one before (wrapping), Home and End to the ends. Every item stays in the Tab order
// (Tab still walks them one by one and leaves the row at its end); the arrows are a quicker way along it.
// Use: <div use:arrowKeys={"button"}> (the items are the focusable elements matching the selector).

const NEXT = new Set(["ArrowRight", "ArrowDown"]);
const PREVIOUS = new Set(["ArrowLeft", "ArrowUp"]);

export function arrowKeys(node: HTMLElement, selector: string = "button"): { update(s: string): void; destroy(): void } {
  let items = selector;
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (!NEXT.has(e.key) && !PREVIOUS.has(e.key) && e.key !== "Home" && e.key !== "End") return;
    const all = [...node.querySelectorAll<HTMLElement>(items)].filter((el) => el.tabIndex >= 0);
    const at = all.findIndex((el) => el === document.activeElement || el.contains(document.activeElement));
    if (at < 0 || all.length === 0) return;
    const to =
      e.key === "Home"
        ? 0
        : e.key === "End"
          ? all.length - 1
          : (at + (NEXT.has(e.key) ? 1 : all.length - 1)) % all.length;
    e.preventDefault();
    all[to].focus();
  };
  node.addEventListener("keydown", onKey);
  return {
    update(s: string) {
      items = s;
    },
    destroy() {
      node.removeEventListener("keydown", onKey);
    },
  };
}
