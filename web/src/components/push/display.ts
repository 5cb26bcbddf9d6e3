// Push a Monster's display data (server: games/push_a_monster/display.py) and the directions it names. Small
// and apart from the board, so the table of boards (boards.ts) reads it without loading the board.

/** The game's display data (sent once with the game): every whole degree's direction in the words module's
 * words, 0° to 359° counter-clockwise from east (y up: north is up the screen). ``directions``: the number with
 * its compass word, "90° (north)" (``words.direction``); ``compass``: the word alone, "north"
 * (``words.compass``). The board looks a direction up here, even while a drag moves it: the rule that names
 * one lives in the words module only. */
export interface PushDisplay {
  directions: string[];
  compass: string[];
}

export function asPushDisplay(raw: unknown): PushDisplay {
  const d = (raw ?? {}) as Partial<PushDisplay>;
  return { directions: d.directions ?? [], compass: d.compass ?? [] };
}

/** A heading's whole degree, 0 to 359: where its words are in the display data. */
function degree(degrees: number): number {
  return ((Math.round(degrees) % 360) + 360) % 360;
}

/** The compass word of a heading in degrees, as the menus and the terminal give it: "north" for 90. */
export function compass(display: PushDisplay, degrees: number): string {
  return display.compass[degree(degrees)] ?? "";
}

/** A heading as players read it, its number and its compass word together, as the menus and the terminal
 * give it: "90° (north)". */
export function direction(display: PushDisplay, degrees: number): string {
  return display.directions[degree(degrees)] ?? `${degree(degrees)}°`;
}
