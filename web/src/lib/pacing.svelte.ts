// Other seats' moves, one at a time at a speed a person can follow: a queue of positions the table shows
// in order, each for at least the chosen pace, with "skip to the present". The board and the log read the
// same shown position, so they agree at every moment.

export type PaceName = "slow" | "normal" | "fast" | "instant";

export interface PaceChoice {
  name: PaceName;
  label: string;
  /** How long each move of another seat stays on the board before the next one shows (ms). */
  dwell: number;
}

export const PACES: readonly PaceChoice[] = [
  { name: "slow", label: "Slow", dwell: 2200 },
  { name: "normal", label: "Normal", dwell: 1100 },
  { name: "fast", label: "Fast", dwell: 550 },
  { name: "instant", label: "Instant", dwell: 0 },
];

/** The words a person reads in one dwell of the chosen pace: a move that says more stays longer, in
 * proportion (about 160 ms a word at the normal pace: a log line is skimmed, not studied; at 200 ms a word a
 * newcomer waited 12–18 s for each MONSTRA round of a bot), so a long one is read before the next shows. */
export const WORDS_PER_DWELL = 7;
/** The longest a move stays, in dwells, however much it says ("Skip to now" is there for the impatient). */
export const MOST_DWELLS = 3;

/** How long a move saying ``words`` words stays at a pace of ``dwell`` ms: at least the pace, longer as it
 * says more, at most ``MOST_DWELLS`` paces. */
export function dwellFor(dwell: number, words: number): number {
  return Math.min(dwell * MOST_DWELLS, Math.max(dwell, Math.round((dwell * words) / WORDS_PER_DWELL)));
}

const KEY = "monsterlair.pace";

function stored(): PaceName {
  try {
    const v = localStorage.getItem(KEY);
    if (PACES.some((p) => p.name === v)) return v as PaceName;
  } catch {
    // storage refused (private mode): the default
  }
  return "normal";
}

/** The person's chosen pace, kept in this browser. */
class PaceSetting {
  name = $state<PaceName>(stored());

  get dwell(): number {
    return PACES.find((p) => p.name === this.name)?.dwell ?? 1100;
  }

  set(name: PaceName): void {
    this.name = name;
    try {
      localStorage.setItem(KEY, name);
    } catch {
      // kept for this page only
    }
  }
}

export const pace = new PaceSetting();

/** Shows frames in arrival order: a paced one at least ``dwell()`` after the one before it (longer when the
 * one before says more: ``dwellFor`` its ``words``), an unpaced one (my own move) at once when nothing waits
 * (and, when the game's own steps follow it, for its while before them). While ``hold`` is on (a board playing
 * a motion) nothing new shows. Frames show at once while the page is hidden: nobody watches a tab in the background. */
export class Pacer<T> {
  /** How many positions wait to be shown. */
  waiting = $state(0);
  /** How many moves they make, as players count moves (``moves`` of the constructor; a position may be part of
   * a move, as a single card pick, or none, as a platform notice). */
  waitingMoves = $state(0);

  private queue: T[] = [];
  private lastAt = -Infinity;
  /** How many words the frame shown last says (its stay grows with them). */
  private lastWords = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private held = false;

  constructor(
    private show: (frame: T) => void,
    private dwell: () => number = () => pace.dwell,
    private moves: (frames: readonly T[]) => number = (frames) => frames.length,
    private words: (frame: T) => number = () => 0,
  ) {}

  /** ``waiting`` and ``waitingMoves`` from the queue, after every change to it. */
  private counted(): void {
    this.waiting = this.queue.length;
    this.waitingMoves = this.moves(this.queue);
  }

  /** Show ``frame`` in its turn: a ``paced`` one waits its while after the one before; one that ``stays``
   * (paced ones, and my own move when the game's own steps follow it) holds the next one its while. */
  offer(frame: T, paced: boolean, stays: boolean = paced): void {
    if (!this.queue.length && (!paced || this.immediate())) {
      this.present(frame, stays);
      return;
    }
    this.queue.push(frame);
    this.counted();
    this.schedule();
  }

  /** Show everything waiting now, in order. */
  skip(): void {
    this.cancel();
    while (this.queue.length) this.present(this.queue.shift() as T, false);
    this.counted();
  }

  /** Forget everything waiting (a full resync replaces it). */
  clear(): void {
    this.cancel();
    this.queue = [];
    this.counted();
  }

  hold(on: boolean): void {
    if (this.held === on) return;
    this.held = on;
    if (!on) this.schedule();
  }

  /** A new pace applies to what waits. */
  repace(): void {
    this.cancel();
    this.schedule();
  }

  private immediate(): boolean {
    return this.dwell() <= 0 || (typeof document !== "undefined" && document.hidden);
  }

  private present(frame: T, paced: boolean): void {
    this.show(frame);
    this.lastAt = paced ? performance.now() : -Infinity;
    this.lastWords = paced ? this.words(frame) : 0;
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** How long (ms) the frame shown last still stays its while before another may show (0 once it has, or for an
   * unpaced one). */
  stayLeft(): number {
    if (this.immediate()) return 0;
    return Math.max(0, this.lastAt + dwellFor(this.dwell(), this.lastWords) - performance.now());
  }

  private schedule(): void {
    if (this.timer || !this.queue.length) return;
    this.timer = setTimeout(() => this.step(), this.stayLeft());
  }

  private step(): void {
    this.timer = null;
    if (!this.queue.length) return;
    if (this.held && !this.immediate()) return; // hold(false) schedules again
    this.present(this.queue.shift() as T, true);
    this.counted();
    this.schedule();
  }
}
