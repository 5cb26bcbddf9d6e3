// What a Push a Monster kind says about itself on hover, tap and focus (lib/help.ts).
import type { HelpContent } from "../../lib/help";

export function kindHelp(kind: { name: string; token_width: number; on_die?: boolean }, supply: number, fell: number): HelpContent {
  const held =
    kind.on_die === false
      ? `Start pieces only: the die never shows this kind, so none is ever in the supply. ${fell} out of the game (fallen off).`
      : `${supply} left in the supply, ${fell} out of the game (fallen off, or with no free place left). The game ends when the die shows a kind with none left.`;
  return {
    title: kind.name,
    lines: [`Token ${kind.token_width} long: when one falls in your turn, every other player takes this token.`, held],
  };
}
