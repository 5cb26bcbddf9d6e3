// What a Monster Club card says about itself on hover, tap and focus (lib/help.ts).
import type { HelpContent } from "../../lib/help";
import { plural } from "../../lib/words";
import { TYPE_BEATS as BEATS, type ClubCard } from "./club";

function calcText(calc: string): string {
  const m = /^([+x-])(\d+)( opp)?$/.exec(calc.trim());
  if (!m) return calc;
  if (m[3]) return `−${m[2]} to the conflicting stack: takes ${m[2]} from the score of the stack it fights.`;
  if (m[1] === "x") return `×${m[2]}: multiplies its stack's score by ${m[2]}, after every addition.`;
  return `${calc}: adds ${m[2]} to its stack's score.`;
}

export function clubCardHelp(card: ClubCard, down: boolean): HelpContent {
  const numbers =
    card.kind === "monster"
      ? `Monster, score ${card.score}; holds up to ${plural(card.limit ?? 0, "power card")}.`
      : card.calc
        ? `Power card. ${calcText(card.calc)}`
        : "Power card.";
  return {
    title: card.name,
    lines: [
      numbers,
      card.text,
      `${card.type[0].toUpperCase()}${card.type.slice(1)}: on equal scores it beats ${BEATS[card.type] ?? "?"}.`,
      down ? "Face down: it does nothing until it is flipped (a monster still fights with its score)." : "",
    ],
  };
}
