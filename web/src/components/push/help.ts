// What a Push a Monster kind says about itself on hover, tap and focus (lib/help.ts).
import type { HelpContent } from "../../lib/help";

export function kindHelp(kind: { name: string; token_width: number }, supply: number, fell: number): HelpContent {
  return {
    title: kind.name,
    lines: [
      `Token ${kind.token_width} long: when one falls in your turn, every other player takes this token.`,
      `${supply} left in the supply, ${fell} out of the game (fallen off, or with no free place left). The game ends when the die shows a kind with none left.`,
    ],
  };
}
