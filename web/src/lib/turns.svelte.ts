// The games waiting for the signed-in user's move, and the rematches waiting for their answer (the banner
// at the top of every page asks them), polled lightly, and the tab title that counts them.
import { alerts } from "./alerts.svelte";
import { api } from "./api";
import type { TableSummary } from "./types";

const POLL_MS = 10_000;
export const SITE = "Monster Lair";

/** Whether ``t`` is a game waiting for this user's move, as the header, the tab title and the lobby count them.
 * A tutorial is not: it waits for nobody but its learner, who goes back to it from its game's Tutorial button or
 * "My tables" (counted, one left half-way said "Your turn" on every page, for good). */
export function waitsForYou(t: TableSummary): boolean {
  return t.your_turn && !t.tutorial;
}

class Turns {
  /** The games the server says wait for this user's move. */
  private listed = $state<TableSummary[]>([]);
  /** The table this page shows, and whether the page shows it as this user's move now (TablePage). The
   * server counts a table the moment it is the user's move; the page may still be telling what came before
   * (another seat's move, the Rift Guardian's turn, a new round's set-up), offering nothing to play. Until the
   * page shows that move, the header does not count that table either: it says what the board says. */
  onScreen = $state<{ id: string; mine: boolean } | null>(null);
  /** The games waiting for this user's move, as the header lists them. */
  tables = $derived(this.listed.filter((t) => !(this.onScreen && t.id === this.onScreen.id && !this.onScreen.mine)));
  count = $derived(this.tables.length);
  /** Rematches that keep a seat for this user until they join or decline, oldest first. */
  invitations = $state<TableSummary[]>([]);
  /** When ``invitations`` arrived (their ``answer_by.remaining`` counts from then). */
  receivedAt = $state(0);
  /** The page's own title; the tab shows it after "(N) " while N games wait for this user. */
  pageTitle = $state(SITE);

  private timer: ReturnType<typeof setInterval> | null = null;
  private inFlight = false;

  async refresh(): Promise<void> {
    if (this.inFlight) return;
    this.inFlight = true;
    try {
      const got = await api.turns();
      const waiting = got.tables.filter(waitsForYou);
      this.listed = waiting;
      this.invitations = got.invitations ?? [];
      this.receivedAt = Date.now();
      alerts.waitingNow(waiting);
      alerts.invitedNow(this.invitations);
    } catch {
      // Signed out, or the server is away for a moment: show nothing rather than something stale.
      this.listed = [];
      this.invitations = [];
    } finally {
      this.inFlight = false;
    }
  }

  start(): void {
    this.stop();
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), POLL_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listed = [];
    this.invitations = [];
    alerts.reset();
  }
}

export const turns = new Turns();
