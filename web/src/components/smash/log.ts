// Readable sentences for Monster Smash log events (plain text; Svelte escapes it when shown).
import type { LogEntry } from "../../lib/types";
import { cardText, type SmashDisplay } from "./cards";

export interface Line {
  text: string;
  kind: "turn" | "info" | "attack" | "win" | "bad" | "good" | "quiet";
}

const TERMINATION: Record<string, string> = {
  six_of_suit: "six cards of their own suit",
  fifteen_cards: "fifteen cards in hand",
  last_standing: "being the last monster standing",
  turn_cap: "the turn limit",
};

export function terminationText(code: string): string {
  return TERMINATION[code] ?? code.replaceAll("_", " ");
}

function list(display: SmashDisplay, cards: unknown): string {
  const codes = Array.isArray(cards) ? (cards as string[]) : [];
  return codes.map((c) => cardText(display, c)).join(", ");
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** One sentence for one event, or null for steps summed up by a later event (single picks). */
export function describe(entry: LogEntry, names: string[], display: SmashDisplay): Line | null {
  const e = entry.event as Record<string, unknown> & { type: string };
  const who = (s: unknown) => (typeof s === "number" ? (names[s] ?? `Seat ${s + 1}`) : "?");
  switch (e.type) {
    case "turn":
      return { text: `Turn ${e.turn}: ${who(e.seat)}${e.first ? " (first turn)" : ""}`, kind: "turn" };
    case "draw": {
      const n = Number(e.count);
      if (n === 0) return { text: `${who(e.seat)} cannot draw: the deck and discard pile are empty.`, kind: "quiet" };
      const cards = e.cards ? `: ${list(display, e.cards)}` : "";
      return { text: `${who(e.seat)} draws ${plural(n, "card")}${cards}.`, kind: "info" };
    }
    case "reshuffle":
      return { text: `The discard pile is shuffled into a new deck (${e.deck_size} cards).`, kind: "quiet" };
    case "mulligan":
      return {
        text: `${who(e.seat)} mulligans: discards ${list(display, e.discarded) || "nothing"} and draws 6.`,
        kind: "info",
      };
    case "keep":
      return { text: `${who(e.seat)} keeps their hand.`, kind: "quiet" };
    case "burn": {
      const n = Number(e.count);
      if (!n) return { text: `${who(e.seat)} burns nothing.`, kind: "quiet" };
      return {
        text: `${who(e.seat)} burns ${list(display, e.cards)} and draws ${plural(Math.floor(n / 2), "card")}.`,
        kind: "info",
      };
    }
    case "no_attack":
      return { text: `${who(e.seat)} does not attack.`, kind: "quiet" };
    case "attack_declared":
      return { text: `${who(e.attacker)} attacks ${who(e.defender)}!`, kind: "attack" };
    case "attack":
      return {
        text: `${who(e.attacker)} attacks with ${list(display, e.cards)} — total ${e.total}.`,
        kind: "attack",
      };
    case "defence": {
      const cards = list(display, e.cards);
      return {
        text: cards ? `${who(e.defender)} defends with ${cards} — total ${e.total}.` : `${who(e.defender)} does not defend.`,
        kind: "attack",
      };
    }
    case "steal": {
      const cards = e.cards ? `: ${list(display, e.cards)}` : "";
      return {
        text: `${who(e.attacker)} wins ${e.attack} to ${e.defence} and steals ${plural(Number(e.count), "card")} from ${who(e.defender)}${cards}.`,
        kind: "good",
      };
    }
    case "attack_failed":
      return {
        text: `${who(e.defender)} holds off the attack (${e.attack} against ${e.defence}).`,
        kind: "info",
      };
    case "eliminated":
      return { text: `${who(e.seat)} is out of cards and eliminated!`, kind: "bad" };
    case "game_over": {
      const winners = (e.winners as number[]) ?? [];
      if (!winners.length) return { text: `Game over: no winner (${terminationText(String(e.termination))}).`, kind: "win" };
      return {
        text: `${winners.map(who).join(" and ")} win${winners.length === 1 ? "s" : ""} with ${terminationText(String(e.termination))}!`,
        kind: "win",
      };
    }
    case "burn_pick":
    case "attack_pick":
    case "defence_pick":
      return null;
    default: {
      const rest = Object.entries(e)
        .filter(([k]) => k !== "type")
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
        .join(", ");
      return { text: `${e.type}${rest ? ` (${rest})` : ""}`, kind: "quiet" };
    }
  }
}
