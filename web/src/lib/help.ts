// Help on any card, creature, tactic, behaviour or monster: its rules text and its numbers now, shown beside
// it on hover, on keyboard focus and on a tap (a tap elsewhere, Escape, blur, the pointer leaving or, after a tap,
// a change of what it describes hides it).
// The text is also the element's accessible description (aria-describedby): a screen reader reads it too.
// Use: <span use:help={{ title: "Magmaw", lines: ["Ember 4", "…"] }}>.

export interface HelpContent {
  title: string;
  lines: string[];
}

let counter = 0;
const HOVER_DELAY_MS = 350;
const FOCUSABLE = "button, a[href], input, select, textarea, [tabindex]";

function fill(tip: HTMLElement, content: HelpContent): void {
  tip.replaceChildren();
  const title = document.createElement("strong");
  title.textContent = content.title;
  tip.append(title);
  for (const line of content.lines.filter(Boolean)) {
    const p = document.createElement("span");
    p.textContent = line;
    tip.append(p);
  }
}

function place(tip: HTMLElement, node: HTMLElement): void {
  const r = node.getBoundingClientRect();
  const width = Math.min(280, window.innerWidth - 16);
  tip.style.width = `${width}px`;
  const left = Math.max(8, Math.min(r.left + r.width / 2 - width / 2, window.innerWidth - width - 8));
  tip.style.left = `${left}px`;
  const below = r.bottom + 8;
  const height = tip.offsetHeight;
  tip.style.top = `${below + height > window.innerHeight && r.top - height - 8 > 0 ? r.top - height - 8 : below}px`;
}

export function help(node: HTMLElement, initial: HelpContent): { update(c: HelpContent): void; destroy(): void } {
  const tip = document.createElement("div");
  tip.id = `help-${++counter}`;
  tip.className = "help-tip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  let content = initial;
  fill(tip, content);
  document.body.append(tip);
  const described = node.getAttribute("aria-describedby");
  node.setAttribute("aria-describedby", described ? `${described} ${tip.id}` : tip.id);
  node.dataset.help = tip.id;
  // A card that is only a picture still takes the keyboard focus, so its help can be read.
  if (!node.matches(FOCUSABLE)) node.tabIndex = 0;

  // A pointer resting on the element shows the help after a moment, so passing over a card hides nothing.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tapped = false; // shown by a tap (touch or pen): no pointer will leave to hide it
  const show = () => {
    clearTimeout(timer);
    tip.hidden = false;
    place(tip, node);
  };
  const hide = () => {
    clearTimeout(timer);
    tip.hidden = true;
    tapped = false;
  };
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === "mouse") timer = setTimeout(show, HOVER_DELAY_MS);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType === "mouse") hide();
  };
  const onPointerUp = (e: PointerEvent) => {
    // A tap shows the help (and whatever the tap does); another tap elsewhere hides it.
    if (e.pointerType !== "mouse") {
      show();
      tapped = true;
    }
  };
  const onOutside = (e: PointerEvent) => {
    if (!tip.hidden && !node.contains(e.target as Node)) hide();
  };
  // Scrolling (focus scrolls a card into view) or resizing moves the help along with its element.
  const follow = () => {
    if (!tip.hidden) place(tip, node);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape" && !tip.hidden) {
      hide();
      e.stopPropagation();
    }
  };
  const listeners: [EventTarget, string, EventListener, boolean][] = [
    [node, "pointerenter", onPointerEnter as EventListener, false],
    [node, "pointerleave", onPointerLeave as EventListener, false],
    [node, "pointerup", onPointerUp as EventListener, false],
    [node, "focus", show, false],
    [node, "blur", hide, false],
    [node, "keydown", onKey as EventListener, false],
    [document, "pointerdown", onOutside as EventListener, true],
    [window, "scroll", follow, true],
    [window, "resize", follow, false], // a phone turned sideways: the help stays on screen
  ];
  for (const [target, type, fn, capture] of listeners) target.addEventListener(type, fn, capture);

  return {
    update(next: HelpContent) {
      const same = next.title === content.title && next.lines.join("\n") === content.lines.join("\n");
      content = next;
      if (same) return;
      fill(tip, next);
      // A tap that chose this creature as a target changes it: the help of the moment before would only
      // cover the board through the turns that follow, so it goes (a hover or keyboard focus keeps it).
      if (tapped) hide();
      else if (!tip.hidden) place(tip, node);
    },
    destroy() {
      clearTimeout(timer);
      for (const [target, type, fn, capture] of listeners) target.removeEventListener(type, fn, capture);
      tip.remove();
    },
  };
}
