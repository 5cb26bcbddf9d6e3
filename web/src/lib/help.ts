// Help on any card, creature, tactic, behaviour or monster: its rules text and its numbers now, shown beside
// it on hover (a real one: an element that came under a resting pointer, as a page opens after a click, waits
// for the pointer to move), on keyboard focus, on a tap of something a tap does not choose, and on a press and hold of
// anything (a tap elsewhere, Escape, blur, the pointer leaving or, after a tap, a change of what it describes
// hides it). A tap that chooses (a card to attack with, a creature to strike) shows none, and a click that
// chooses closes every help (the focus it gave showed one): on a phone nothing would hide it again, and on any
// screen it would cover the board and the buttons the player needs next.
// The text is also the element's accessible description (aria-describedby): a screen reader reads it too.
// Use: <span use:help={{ title: "Magmaw", lines: ["Ember 4", "…"] }}>.

export interface HelpContent {
  title: string;
  lines: string[];
}

let counter = 0;
const HOVER_DELAY_MS = 350;
/** How long a finger rests on an element before its help shows (and the tap it would have been is dropped). */
const HOLD_MS = 450;
/** How far a finger may wander during a press and hold (a scroll is not a hold). */
const HOLD_SLOP_PX = 10;
const FOCUSABLE = "button, a[href], input, select, textarea, [tabindex]";
/** What a tap chooses or presses: its help waits for a press and hold. */
const ACTIONABLE =
  "button:not(:disabled):not([aria-disabled=true]), a[href], input, select, textarea, [role=button]:not([aria-disabled=true])";

/** Every help's way to hide itself, for :func:`hideAllHelp`. */
const hiders = new Set<() => void>();
/** Where the pointer was when every help was hidden: until it really moves from there or a key is pressed, no
 * pointer or focus shows help (a board that re-renders or moves under a resting pointer, or the focus a
 * re-drawn board gets back, would otherwise open one again). */
let hushedAt: [number, number] | null = null;
/** Where the mouse last moved (none yet on this page: a page that opens under a resting pointer). */
let pointerAt: [number, number] | null = null;
document.addEventListener(
  "pointermove",
  (e: PointerEvent) => {
    pointerAt = [e.clientX, e.clientY];
    if (hushedAt && Math.hypot(e.clientX - hushedAt[0], e.clientY - hushedAt[1]) > HOLD_SLOP_PX) hushedAt = null;
  },
  true,
);
document.addEventListener("keydown", () => (hushedAt = null), true);

/** Hide every help on the page, and show none to a pointer until it moves: the end of a game (the end screen
 * opens where the board was, and a help left open from the last move would cover it). */
export function hideAllHelp(): void {
  for (const hide of hiders) hide();
  hushedAt = pointerAt ?? [-1, -1];
}

/** True when a pointer "enters" an element where it last moved to: the page changed under a resting pointer
 * (a new view after a click, a board re-drawn): the browser says so, but nobody hovered. An element entered
 * on the way somewhere hears of it before the document hears the move, so a real move differs from the last.
 * Before any move on this page nothing is known, and the entry counts as a hover (a pointer's first move onto
 * an element is one). */
function resting(e: PointerEvent): boolean {
  return pointerAt !== null && e.clientX === pointerAt[0] && e.clientY === pointerAt[1];
}

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
  // A press and hold (touch or pen): its timer, where it began, and whether it showed the help (then the
  // click the lifted finger makes is dropped: holding to read a card does not also choose it).
  let hold: ReturnType<typeof setTimeout> | undefined;
  let pressedAt: [number, number] | null = null;
  let held = false;
  let touchedAt = -Infinity; // when a finger or pen last pressed here: the focus that follows is the tap's
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
  const stopHold = () => {
    clearTimeout(hold);
    hold = undefined;
    pressedAt = null;
  };
  // An element that came under a resting pointer waits for the pointer to move on it before it counts a hover.
  let cameUnder: [number, number] | null = null;
  const hover = () => {
    clearTimeout(timer);
    timer = setTimeout(() => hushedAt === null && show(), HOVER_DELAY_MS);
  };
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    cameUnder = resting(e) ? [e.clientX, e.clientY] : null;
    if (!cameUnder) hover();
  };
  const onPointerLeave = (e: PointerEvent) => {
    cameUnder = null;
    if (e.pointerType === "mouse") hide();
  };
  const onPointerDown = (e: PointerEvent) => {
    held = false;
    if (e.pointerType === "mouse") return;
    touchedAt = performance.now();
    pressedAt = [e.clientX, e.clientY];
    clearTimeout(hold);
    hold = setTimeout(() => {
      hold = undefined;
      held = true;
      show();
      tapped = true;
    }, HOLD_MS);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (cameUnder && e.pointerType === "mouse" && (e.clientX !== cameUnder[0] || e.clientY !== cameUnder[1])) {
      cameUnder = null;
      hover();
    }
    if (pressedAt && Math.hypot(e.clientX - pressedAt[0], e.clientY - pressedAt[1]) > HOLD_SLOP_PX) stopHold();
  };
  const onPointerUp = (e: PointerEvent) => {
    if (e.pointerType === "mouse") return;
    touchedAt = performance.now();
    stopHold();
    if (held) return; // the hold showed the help; it stays until a tap elsewhere
    // A tap on what a tap chooses does only that; a tap on anything else shows its help, and a tap
    // elsewhere hides it.
    if (node.matches(ACTIONABLE)) hide();
    else {
      show();
      tapped = true;
    }
  };
  const onClick = (e: Event) => {
    // A pointer's click on what a click chooses (a creature to Strike, a card to play) acts; the focus it gave
    // showed the help, and the board it moves on would keep it open: it goes, as at the end of a game, with
    // every other help, and none opens again from the pointer resting there or the focus coming back.
    if (!held && (e as MouseEvent).detail > 0 && node.matches(ACTIONABLE)) hideAllHelp();
    if (!held) return;
    held = false;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  const onContextMenu = (e: Event) => {
    // a phone's own menu for a long press would cover the help
    if (held || hold !== undefined) e.preventDefault();
  };
  const onFocus = () => {
    // keyboard focus (or a script's) shows the help; the focus a tap gives is the tap's to decide
    if (performance.now() - touchedAt > 1000 && hushedAt === null) show();
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
    [node, "pointerdown", onPointerDown as EventListener, false],
    [node, "pointermove", onPointerMove as EventListener, false],
    [node, "pointerup", onPointerUp as EventListener, false],
    [node, "pointercancel", stopHold, false],
    [node, "click", onClick, true],
    [node, "contextmenu", onContextMenu, false],
    [node, "focus", onFocus, false],
    [node, "blur", hide, false],
    [node, "keydown", onKey as EventListener, false],
    [document, "pointerdown", onOutside as EventListener, true],
    [window, "scroll", follow, true],
    [window, "resize", follow, false], // a phone turned sideways: the help stays on screen
  ];
  for (const [target, type, fn, capture] of listeners) target.addEventListener(type, fn, capture);
  hiders.add(hide);

  return {
    update(next: HelpContent) {
      const same = next.title === content.title && next.lines.join("\n") === content.lines.join("\n");
      content = next;
      if (same) return;
      fill(tip, next);
      // A change of what a tapped or held element describes (the game moved on): the help of the moment
      // before would only cover the board through the turns that follow, so it goes (a hover or keyboard
      // focus keeps it).
      if (tapped) hide();
      else if (!tip.hidden) place(tip, node);
    },
    destroy() {
      clearTimeout(timer);
      clearTimeout(hold);
      for (const [target, type, fn, capture] of listeners) target.removeEventListener(type, fn, capture);
      hiders.delete(hide);
      tip.remove();
    },
  };
}
