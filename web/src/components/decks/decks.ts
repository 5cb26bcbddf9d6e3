// The deck picker of the new-table form: for each game with decks, its ready-made decks, the card pool a
// custom deck is built from, what a custom deck must hold, and the option text a deck is written as (the
// server checks every deck again and names the rule a bad one breaks).
import { asClubDisplay } from "../club/club";
import { asMonstraDisplay } from "../monstra/monstra";
import { plural } from "../../lib/words";

export interface Preset {
  id: string;
  name: string;
  about: string;
  /** Every card of the deck (a card held twice is listed twice). */
  cards: string[];
}

export interface PoolItem {
  id: string;
  name: string;
  /** One line of what the card is: numbers and rules text. */
  detail: string;
  /** The most copies a deck may hold. */
  max: number;
  group: string;
  premium?: boolean;
}

export interface DeckKit {
  presets: Preset[];
  groups: string[];
  items: PoolItem[];
  /** What the chosen cards still lack or break, as sentences (empty when the deck is legal). */
  problems(counts: Map<string, number>): string[];
  /** A one-line count of the deck so far ("23 of 25 cards, 11 monsters"). */
  tally(counts: Map<string, number>): string;
  /** The option text of a custom deck. */
  encode(counts: Map<string, number>): string;
  /** The cards of a ready-made deck. */
  cardsOf(preset: string): string[];
}

interface RawDeck {
  id: string;
  name: string;
  about: string;
  cards?: string[];
  creatures?: string[];
  tactics?: string[];
}

function presetsOf(raw: unknown): Preset[] {
  const decks = ((raw ?? {}) as { decks?: RawDeck[] }).decks ?? [];
  return decks.map((d) => ({ id: d.id, name: d.name, about: d.about, cards: d.cards ?? [...(d.creatures ?? []), ...(d.tactics ?? [])] }));
}

/** What each game's kit says for itself; the ready-made decks are read the same way for every game. */
type OwnKit = Omit<DeckKit, "presets" | "cardsOf">;

function count(counts: Map<string, number>, items: PoolItem[], group: string): number {
  return items.filter((i) => i.group === group).reduce((n, i) => n + (counts.get(i.id) ?? 0), 0);
}

function clubKit(raw: unknown): OwnKit {
  const d = asClubDisplay(raw);
  const rules = ((raw ?? {}) as { deck_rules?: { size: number; monsters: number } }).deck_rules ?? { size: 25, monsters: 1 };
  const items: PoolItem[] = Object.values(d.cards).map((c) => ({
    id: c.id,
    name: c.name,
    detail:
      (c.kind === "monster" ? `${c.type} monster, score ${c.score}, holds ${c.limit}` : `${c.type} power${c.calc ? `, ${c.calc}` : ""}`) +
      (c.text ? `. ${c.text}` : ""),
    max: Math.max(1, c.copies),
    group: c.kind === "monster" ? "Monsters" : "Power cards",
  }));
  return {
    groups: ["Monsters", "Power cards"],
    items,
    problems(counts) {
      const total = count(counts, items, "Monsters") + count(counts, items, "Power cards");
      const out = [];
      if (total !== rules.size) out.push(`A deck holds exactly ${plural(rules.size, "card")}; this one holds ${total}.`);
      if (count(counts, items, "Monsters") < rules.monsters) out.push(`A deck holds at least ${plural(rules.monsters, "monster")}.`);
      return out;
    },
    tally(counts) {
      const m = count(counts, items, "Monsters");
      const p = count(counts, items, "Power cards");
      return `${m + p} of ${plural(rules.size, "card")}: ${plural(m, "monster")}, ${plural(p, "power card")}`;
    },
    encode(counts) {
      return items.flatMap((i) => Array<string>(counts.get(i.id) ?? 0).fill(i.id)).join(", ");
    },
  };
}

function monstraKit(raw: unknown): OwnKit {
  const d = asMonstraDisplay(raw);
  const rules = ((raw ?? {}) as { deck_rules?: { creatures: number; tactics: number; premiums: number } }).deck_rules ?? {
    creatures: 12,
    tactics: 12,
    premiums: 1,
  };
  const items: PoolItem[] = [
    ...Object.entries(d.creatures).map(([id, c]) => ({
      id,
      name: c.name,
      detail: `${c.sign}, ${c.hp} HP, SPD ${c.spd}, Strike ${c.strike}. ${c.move} (${c.cost} energy): ${c.text}`,
      max: 1,
      group: "Creatures",
      premium: c.premium,
    })),
    ...Object.entries(d.tactics).map(([id, t]) => ({
      id,
      name: t.name,
      detail: `${t.cost} energy: ${t.text}`,
      max: 1,
      group: "Tactics",
    })),
  ];
  return {
    groups: ["Creatures", "Tactics"],
    items,
    problems(counts) {
      const out = [];
      const c = count(counts, items, "Creatures");
      const t = count(counts, items, "Tactics");
      const premiums = items.filter((i) => i.premium && counts.get(i.id)).length;
      if (c !== rules.creatures) out.push(`A deck holds exactly ${plural(rules.creatures, "different creature")}; this one holds ${c}.`);
      if (premiums > rules.premiums) out.push(`A deck holds at most ${plural(rules.premiums, "premium creature")}.`);
      if (t !== rules.tactics) out.push(`A deck holds exactly ${plural(rules.tactics, "different tactic")}; this one holds ${t}.`);
      return out;
    },
    tally(counts) {
      return `${count(counts, items, "Creatures")} of ${plural(rules.creatures, "creature")}, ${count(counts, items, "Tactics")} of ${plural(rules.tactics, "tactic")}`;
    },
    encode(counts) {
      const names = (group: string) => items.filter((i) => i.group === group && counts.get(i.id)).map((i) => i.id);
      return `${names("Creatures").join(", ")} | ${names("Tactics").join(", ")}`;
    },
  };
}

/** The deck kit of ``game`` from its display data, or null for a game without decks. */
export function deckKit(game: string, display: unknown): DeckKit | null {
  const own = game === "monster-club" ? clubKit(display) : game === "monstra" ? monstraKit(display) : null;
  if (own === null) return null;
  const presets = presetsOf(display);
  return { presets, cardsOf: (preset) => presets.find((p) => p.id === preset)?.cards ?? [], ...own };
}

/** How many decks a MONSTRA ``decks`` option holds: one per team (a mission has one team). */
export function monstraTeams(players: number, mode: unknown): number {
  return mode === "mission" || (mode !== "duel" && mode !== "2v2" && players === 1) ? 1 : 2;
}
