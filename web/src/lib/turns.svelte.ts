// The games waiting for the signed-in user's move, polled lightly, and the tab title that counts them.
import { alerts } from "./alerts.svelte";
import { api } from "./api";
import type { TableSummary } from "./types";

const POLL_MS = 10_000;
export const SITE = "Monster Lair";

class Turns {
  count = $state(0);
  tables = $state<TableSummary[]>([]);
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
      alerts.waitingNow(got.tables);
    } catch {
      // Signed out, or the server is away for a moment: show nothing rather than something stale.
      this.count = 0;
      this.tables = [];
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
    alerts.reset();
  }
}

export const turns = new Turns();
