// What a Monster Club card says about itself on hover, tap and focus (lib/help.ts).
import type { HelpContent } from "../../lib/help";
import { plural } from "../../lib/words";
import { TYPE_BEATS as BEATS, calcTerms, type ClubCard } from "./club";

/** A calculation of one term in words; any other as printed. */
function calcText(calc: string): string {
  const terms = calcTerms(calc);
  const term = terms.length === 1 && terms[0].text === calc.trim() ? terms[0] : null;
  if (!term) return calc;
  const { sign, digits, opp } = term;
  if (opp) return `−${digits} to the conflicting stack: takes ${digits} from the score of the stack it fights.`;
  if (sign === "x") return `×${digits}: multiplies its stack's score by ${digits}, after every addition.`;
  return `${calc}: adds ${digits} to its stack's score.`;
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
