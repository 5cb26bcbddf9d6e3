// Motion that respects prefers-reduced-motion: Svelte's own transitions, with their durations set to zero
// when the person asked for less motion.
import { cubicOut } from "svelte/easing";
import { prefersReducedMotion } from "svelte/motion";
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
