// Motion that respects prefers-reduced-motion: Svelte's own transitions, with their durations set to zero
// when the person asked for less motion.
import { cubicOut } from "svelte/easing";
import { prefersReducedMotion } from "svelte/motion";
import type { AnimationConfig } from "svelte/animate";
import { crossfade, fade, fly, type TransitionConfig } from "svelte/transition";

/** ``ms``, or 0 when the person prefers reduced motion. */
export function ms(duration: number): number {
  return prefersReducedMotion.current ? 0 : duration;
}

/** Where an element starts (or ends) relative to ``anchor``: the offset ``fly`` needs to travel there. */
function offsetTo(node: Element, anchor: Element | null | undefined): { x: number; y: number } {
  if (!anchor) return { x: 0, y: -24 };
  const a = anchor.getBoundingClientRect();
  const n = node.getBoundingClientRect();
  return { x: a.left + a.width / 2 - (n.left + n.width / 2), y: a.top + a.height / 2 - (n.top + n.height / 2) };
}

export interface TravelParams {
  key: unknown;
  /** Where the card comes from or goes to when nothing on the page sends or receives it (a hidden hand, the deck). */
  anchor?: () => Element | null | undefined;
}

/** A pair of transitions for cards that travel: an element leaving with ``send`` flies to the element
 * arriving with ``receive`` under the same key; one without a partner flies to or from its ``anchor``. */
export function travel(duration = 520): {
  send: (node: Element, params: TravelParams) => () => TransitionConfig;
  receive: (node: Element, params: TravelParams) => () => TransitionConfig;
} {
  const [send, receive] = crossfade({
    duration: () => ms(duration),
    easing: cubicOut,
    fallback(node, params) {
      const { anchor } = params as TravelParams;
      const { x, y } = offsetTo(node, anchor?.());
      return fly(node, { x, y, duration: ms(duration), opacity: 0.15, easing: cubicOut });
    },
  });
  return { send, receive } as ReturnType<typeof travel>;
}

/** Where a card stands inside its row, by layout (a transform moving it does not count), and how wide the row was
 * then (a row of another width wraps its cards anew). */
interface Place {
  x: number;
  y: number;
  width: number;
}
const places = new WeakMap<Element, Place>();

function placeInRow(node: Element): Place {
  const card = node as HTMLElement;
  const row = card.parentElement as HTMLElement;
  const own = card.offsetParent === row; // else both are placed from the same ancestor
  return {
    x: card.offsetLeft - (own ? 0 : row.offsetLeft),
    y: card.offsetTop - (own ? 0 : row.offsetTop),
    width: row.clientWidth,
  };
}

/** ``use:inRow`` on the element ``animate:flipInRow`` moves: where it stands in its row as it arrives. */
export function inRow(node: Element): void {
  places.set(node, placeInRow(node));
}

/** Svelte's ``flip`` for cards in a row, counting only a card's move inside its row (a card taken out or put in
 * before it). When the row as a whole moves — a decision's buttons appearing above a phone's hand, words above it
 * growing — its cards are drawn at their new place from the first frame: Svelte measures where the cards were
 * before the buttons were put in, and ``flip`` glided them from there for 0.3 s, over the new buttons. */
export function flipInRow(node: Element, _rects: { from: DOMRect; to: DOMRect }, { duration = 300 } = {}): AnimationConfig {
  const before = places.get(node);
  const now = placeInRow(node);
  places.set(node, now);
  const dx = before && before.width === now.width ? before.x - now.x : 0;
  const dy = before && before.width === now.width ? before.y - now.y : 0;
  if (dx === 0 && dy === 0) return { duration: 0 };
  return { duration: ms(duration), easing: cubicOut, css: (_t, u) => `transform: translate(${u * dx}px, ${u * dy}px);` };
}

/** A number floating up over a creature and fading (damage or a heal). */
export function floatUp(node: Element): TransitionConfig {
  return fly(node, { y: 26, duration: ms(1400), opacity: 0, easing: cubicOut });
}

/** A fade that respects reduced motion. */
export function appear(node: Element, { duration = 260 }: { duration?: number } = {}): TransitionConfig {
  return fade(node, { duration: ms(duration) });
}

export interface KeyedCard {
  code: string;
  key: string;
}

/** Cards with a key that follows each one wherever it goes: its code and which copy of that code it is
 * ("ember-3#0", then "ember-3#1" for a second copy in the same row). */
export function keyed(codes: readonly string[]): KeyedCard[] {
  const seen = new Map<string, number>();
  return codes.map((code) => {
    const n = seen.get(code) ?? 0;
    seen.set(code, n + 1);
    return { code, key: `${code}#${n}` };
  });
}

/** Whether all of ``el`` is inside the window (below its top edge, above its bottom edge less the room the
 * document's scroll-padding keeps there: a phone's Log/Chat bar, a row of controls held over it). */
export function fullyShown(el: Element): boolean {
  const box = el.getBoundingClientRect();
  const padded = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
  return box.top >= 0 && box.bottom <= window.innerHeight - padded;
}

/** Scrolls the page so that ``el`` starts at the window's top, smoothly unless the person asked for less
 * motion, and only when some of it is out of view: a page that already shows it does not move. */
export function bringIntoView(el: Element): void {
  if (fullyShown(el)) return;
  el.scrollIntoView({ block: "start", behavior: prefersReducedMotion.current ? "instant" : "smooth" });
}
