// The games waiting for the signed-in user's move, and the rematches waiting for their answer (the banner
// at the top of every page asks them), polled lightly, and the tab title that counts them.
import { alerts } from "./alerts.svelte";
import { api } from "./api";
import type { TableSummary } from "./types";

const POLL_MS = 10_000;
export const SITE = "Monster Lair";

class Turns {
  count = $state(0);
  tables = $state<TableSummary[]>([]);
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
      this.count = got.count;
      this.tables = got.tables;
      this.invitations = got.invitations ?? [];
      this.receivedAt = Date.now();
      alerts.waitingNow(got.tables);
      alerts.invitedNow(this.invitations);
    } catch {
      // Signed out, or the server is away for a moment: show nothing rather than something stale.
      this.count = 0;
      this.tables = [];
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
    this.count = 0;
    this.tables = [];
    this.invitations = [];
    alerts.reset();
  }
}

export const turns = new Turns();
