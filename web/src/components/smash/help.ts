// What a Monster Smash card says about itself on hover, tap and focus (lib/help.ts).
import type { HelpContent } from "../../lib/help";
import { cardName, leader, parseCard, type SmashDisplay } from "./cards";

export function smashCardHelp(display: SmashDisplay, code: string, own: boolean): HelpContent {
  const { suit, value } = parseCard(code);
  return {
    title: `${cardName(display, code)} · ${value}`,
    lines: [
      `${leader(display, suit)}'s suit, worth ${value} in an attack or a defence.`,
      own
        ? "Your own suit: six cards of it win the game, and an attack is made of your own suit."
        : "Another suit: an attack may add one such card, and every card counts toward fifteen.",
    ],
  };
}
