// MONSTRA in the browser: display data (sent by the server from the game's data files), the legal
// action texts sorted by what the board offers, and readable log lines. Action texts: rule MO-12.1.
import type { LegalAction, LogEntry, View } from "../../lib/types";

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
  target: string;
  text: string;
}

export interface TacticInfo {
  name: string;
  cost: number;
  target: string;
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
}

/** What the legal actions offer, grouped the way the board shows them. */
export interface Offer {
  strike: string[]; // target units
  signature: string[]; // target units ("" = the move takes no target)
  guard: boolean;
  tactics: Map<string, { bare: boolean; units: string[]; fallen: string[] }>;
  discard: string[];
  first: string[];
}

export function offer(legal: LegalAction[]): Offer {
  const out: Offer = { strike: [], signature: [], guard: false, tactics: new Map(), discard: [], first: [] };
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
    }
  }
  return out;
}

const TERMINATION: Record<string, string> = {
  knockouts: "three knockouts",
  "round-limit": "the round limit (fewer knockouts, then more HP)",
  "guardian-defeated": "defeating the Rift Guardian",
  "team-defeated": "the team's third knockout",
  "mission-time": "the end of the last round",
};

export function terminationText(code: string): string {
  return TERMINATION[code] ?? code.replaceAll(/[-_]/g, " ");
}

type Kind = "turn" | "info" | "attack" | "win" | "bad" | "good" | "quiet";

/** One log sentence for one (redacted) event; null for events the board already shows plainly. */
export function describe(entry: LogEntry, d: MonstraDisplay, view: View | null): { text: string; kind: Kind } | null {
  const e = entry.event as Record<string, any> & { type: string };
  const who = (u: unknown, c: unknown) => `${creatureName(d, c as string)} (${u})`;
  const tname = (id: unknown) => tacticName(d, String(id));
  switch (e.type) {
    case "round":
      return { text: `Round ${e.round}${e.marker ? ` · team ${e.marker} acts first on ties` : ""}`, kind: "turn" };
    case "energy":
      return { text: `Team ${e.team}: ${e.change > 0 ? "+" : ""}${e.change} EN → ${e.energy}`, kind: "quiet" };
    case "draw": {
      if (!e.count) return { text: `Team ${e.team}'s tactic deck is empty.`, kind: "quiet" };
      const cards = Array.isArray(e.cards) ? `: ${(e.cards as string[]).map(tname).join(", ")}` : "";
      return { text: `Team ${e.team} draws ${e.count} tactic${e.count === 1 ? "" : "s"}${cards}`, kind: "quiet" };
    }
    case "behaviour":
      return { text: `The Guardian reveals ${e.name}`, kind: "bad" };
    case "order":
      return { text: `Order: ${(e.order as string[]).join(" → ")}`, kind: "quiet" };
    case "first":
      return { text: `Team ${e.team} puts ${e.unit} first`, kind: "info" };
    case "discard":
      return { text: `Team ${e.team} discards ${tname(e.tactic)}`, kind: "quiet" };
    case "tactic":
      return { text: `Team ${e.team} plays ${e.name}${e.target ? ` on ${e.target}` : ""}`, kind: "info" };
    case "strike":
      return { text: `${who(e.unit, e.creature)} strikes ${e.target}`, kind: "attack" };
    case "signature":
      return { text: `${who(e.unit, e.creature)} uses ${e.name}${e.target ? ` on ${e.target}` : ""}`, kind: "attack" };
    case "guard":
      return { text: `${who(e.unit, e.creature)} guards (Shield ${e.shield})`, kind: "info" };
    case "guardian":
      return { text: `The Guardian uses ${e.name}`, kind: "bad" };
    case "damage":
      return {
        text: `${who(e.unit, e.creature)} takes ${e.hp_lost}${e.shield_lost ? ` (+${e.shield_lost} on Shield)` : ""} → ${e.hp} HP`,
        kind: "quiet",
      };
    case "tick":
      return { text: `${who(e.unit, e.creature)} loses ${e.hp_lost} HP to ${e.condition} → ${e.hp}`, kind: "quiet" };
    case "heal":
      return { text: `${who(e.unit, e.creature)} heals ${e.hp_gained} → ${e.hp} HP`, kind: "good" };
    case "shield":
      return { text: `${who(e.unit, e.creature)} has ${e.shield} Shield`, kind: "quiet" };
    case "condition":
      return { text: `${who(e.unit, e.creature)} gets ${e.condition}`, kind: "quiet" };
    case "cleanse":
      return { text: `${who(e.unit, e.creature)}: ${e.condition} ${e.expired ? "wears off" : "is cleansed"}`, kind: "quiet" };
    case "strip":
      return { text: `${e.unit} loses ${e.shield_lost} Shield`, kind: "quiet" };
    case "bonus":
      return { text: `Damage bonus +${e.damage_bonus}`, kind: "quiet" };
    case "bonus_expired":
      return null;
    case "knockout":
      return {
        text: `${who(e.unit, e.creature)} is knocked out${e.team ? ` (team ${e.team}: ${e.knockouts}/3)` : ""}`,
        kind: "win",
      };
    case "replace":
      return { text: `${creatureName(d, e.creature)} enters ${e.unit} for team ${e.team}`, kind: "info" };
    case "revive":
      return { text: `${creatureName(d, e.creature)} returns to ${e.unit} with ${e.hp} HP`, kind: "good" };
    case "end":
      return { text: `Game over: ${terminationText(String(e.termination))}`, kind: "win" };
    default: {
      void view;
      const { type, ...rest } = e;
      return { text: `${type} ${JSON.stringify(rest)}`, kind: "quiet" };
    }
  }
}
