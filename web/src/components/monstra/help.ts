// What MONSTRA's creatures, tactics and Guardian behaviours say about themselves on hover, tap and focus
// (lib/help.ts): rules text and the numbers now (HP, Shield, SPD, conditions).
import type { HelpContent } from "../../lib/help";
import { plural } from "../../lib/words";
import { creatureName, tacticName, type MonstraDisplay, type Unit } from "./monstra";

export function creatureHelp(display: MonstraDisplay, unit: Unit, guardian: boolean): HelpContent {
  const info = guardian ? null : display.creatures[unit.creature];
  const lines = [
    `${unit.hp} of ${unit.max_hp} HP${unit.shield ? `, ${unit.shield} Shield (takes damage first)` : ""}; knocked out at 0.`,
    `SPD ${unit.spd}: faster creatures act first each round.`,
  ];
  if (info) {
    lines.push(`Strike: ${info.strike} damage to an enemy, free.`);
    lines.push(`${info.move} (${info.cost_text}): ${info.text}`);
    lines.push("Guard: +2 Shield, free.");
  }
  if (unit.burn) lines.push("Burn: loses 1 HP after its next action.");
  if (unit.poison)
    lines.push(`Poison: loses 1 HP after ${unit.poison > 1 ? `each of its next ${plural(unit.poison, "action")}` : "its next action"}.`);
  if (unit.slow) lines.push("Slow: counts 1 less SPD in the next order.");
  if (unit.entered_this_round) lines.push("Came in this round: it acts from next round.");
  else if (!unit.acts_this_round) lines.push("It has acted this round.");
  return { title: guardian ? "Rift Guardian" : `${creatureName(display, unit.creature)} · ${info?.sign ?? ""}`, lines };
}

export function tacticHelp(display: MonstraDisplay, id: string): HelpContent {
  const info = display.tactics[id];
  return {
    title: tacticName(display, id),
    lines: [
      info ? `${info.cost_text}: ${info.text}` : "",
      "A team plays at most one tactic a round, just before one of its creatures acts.",
    ],
  };
}

export function behaviourHelp(behaviour: { name: string; text: string }): HelpContent {
  return { title: behaviour.name, lines: [behaviour.text, "The Rift Guardian does this on its turn this round."] };
}

/** The team bar's face-down replacements (rules MO-2, MO-7.4): the label after the count, and what they are. */
export function reserveHelp(count: number): { label: string; title: string } {
  return {
    label: "replacements, face down",
    title:
      `${plural(count, "replacement creature")}, face down in a pile: when one of ` +
      "the team's active creatures is knocked out, the top one takes its place.",
  };
}

/** What the "first team" badge means (rules MO-4.7, MO-4.2, MO-4.12). */
export function firstTeamHelp(): string {
  return (
    "This team holds the first-team marker: when creatures of both teams have the same SPD, this team's creatures act " +
    "first, and it draws its tactic first. After each round the marker passes to the other team."
  );
}
