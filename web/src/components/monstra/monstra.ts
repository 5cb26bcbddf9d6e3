// MONSTRA in the browser: display data (sent by the server from the game's data files), the legal
// action texts sorted by what the board offers (log lines come from the server). Action texts: rule MO-12.1.
import type { LegalAction } from "../../lib/types";

export interface CreatureInfo {
  name: string;
  sign: string;
  evo: number;
  spd: number;
  hp: number;
  strike: number;
  premium: boolean;
  move: string;
  cost: number;
  /** Its cost and whom it is played on, as the terminal says them: "2 EN, on an enemy", "1 EN". */
  cost_text: string;
  text: string;
}

export interface TacticInfo {
  name: string;
  cost: number;
  /** As a creature's: "1 EN, on an ally". */
  cost_text: string;
  text: string;
}

export interface MonstraDisplay {
  creatures: Record<string, CreatureInfo>;
  tactics: Record<string, TacticInfo>;
  behaviours: Record<string, { name: string; text: string }>;
  guardians: Record<string, { name: string; hp: number; spd: number }>;
}

export function asMonstraDisplay(raw: unknown): MonstraDisplay {
  const d = (raw ?? {}) as Partial<MonstraDisplay>;
  return {
    creatures: d.creatures ?? {},
    tactics: d.tactics ?? {},
    behaviours: d.behaviours ?? {},
    guardians: d.guardians ?? {},
  };
}

/** A readable name for an id the display data does not know ("rift-snare" -> "Rift Snare"). */
export function titleCase(id: string): string {
  return id
    .split("-")
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
}

export function creatureName(d: MonstraDisplay, id: string | null | undefined): string {
  if (!id) return "?";
  if (id === "guardian") return "Rift Guardian";
  return d.creatures[id]?.name ?? titleCase(id);
}

export function tacticName(d: MonstraDisplay, id: string): string {
  return d.tactics[id]?.name ?? titleCase(id);
}

export interface Unit {
  unit: string;
  creature: string;
  hp: number;
  max_hp: number;
  shield: number;
  burn: boolean;
  poison: number;
  slow: boolean;
  spd: number;
  acts_this_round: boolean;
  entered_this_round: boolean;
  controller: number | null;
  /** The acting creature's moves once this action's tactics apply (damage bonus, pierce); else null. */
  boost?: Boost | null;
}

/** The numbers a tactic has changed for the acting creature's action (the server computes them). */
export interface Boost {
  damage_bonus: number;
  pierce: number;
  strike: number;
  move_text: string;
}

/** What the legal actions offer, grouped the way the board shows them. */
export interface Offer {
  strike: string[]; // target units
  signature: string[]; // target units ("" = the move takes no target)
  guard: boolean;
  tactics: Map<string, { bare: boolean; units: string[]; fallen: string[] }>;
  discard: string[];
  first: string[];
  cleanse: { unit: string; condition: string }[]; // a card's Cleanse: which condition goes (rule MO-8.5)
}

export function offer(legal: LegalAction[]): Offer {
  const out: Offer = {
    strike: [],
    signature: [],
    guard: false,
    tactics: new Map(),
    discard: [],
    first: [],
    cleanse: [],
  };
  for (const { text } of legal) {
    const w = text.split(" ");
    switch (w[0]) {
      case "strike":
        out.strike.push(w[1]);
        break;
      case "signature":
        out.signature.push(w[1] ?? "");
        break;
      case "guard":
        out.guard = true;
        break;
      case "tactic": {
        const entry = out.tactics.get(w[1]) ?? { bare: false, units: [], fallen: [] };
        if (w.length === 2) entry.bare = true;
        else if (/^(a1|a2|b1|b2|g)$/.test(w[2])) entry.units.push(w[2]);
        else entry.fallen.push(w[2]);
        out.tactics.set(w[1], entry);
        break;
      }
      case "discard":
        out.discard.push(w[1]);
        break;
      case "first":
        out.first.push(w[1]);
        break;
      case "cleanse":
        out.cleanse.push({ unit: w[1], condition: w[2] });
        break;
    }
  }
  return out;
}

