// Turn alerts, each one opt-in and kept in this browser: a short chime and a browser notification when a
// game becomes the person's move at a table they are not looking at (another page, or a hidden tab).
import { router } from "./router.svelte";
import type { TableSummary } from "./types";

const SOUND_KEY = "monsterlair.turn-sound";
const NOTE_KEY = "monsterlair.turn-notify";

function read(key: string): boolean {
  try {
    return localStorage.getItem(key) === "on";
  } catch {
    return false;
  }
}

function write(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? "on" : "off");
  } catch {
    // kept for this page only
  }
}

/** Whether a browser notification can be asked for here at all. */
export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

class TurnAlerts {
  sound = $state(read(SOUND_KEY));
  notify = $state(read(NOTE_KEY) && notificationsSupported() && Notification.permission === "granted");
  /** Why notifications could not be turned on (the browser said no), for the settings to show. */
  refused = $state<string | null>(null);

  private audio: AudioContext | null = null;
  private waiting: Set<string> | null = null;

  /** Turn the chime on or off; turning it on plays it once (the click also lets the page make sound). */
  setSound(on: boolean): void {
    this.sound = on;
    write(SOUND_KEY, on);
    if (on) this.chime();
  }

  /** Turn notifications on (asking the browser first) or off. */
  async setNotify(on: boolean): Promise<void> {
    this.refused = null;
    if (!on) {
      this.notify = false;
      write(NOTE_KEY, false);
      return;
    }
    if (!notificationsSupported()) {
      this.refused = "This browser cannot show notifications.";
      return;
    }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (answer !== "granted") {
      this.notify = false;
      this.refused = "The browser blocks notifications from this site; allow them in its site settings.";
      write(NOTE_KEY, false);
      return;
    }
    this.notify = true;
    write(NOTE_KEY, true);
  }

  /** The games now waiting for the person's move (from the header's poll): any that newly wait at a table
   * not on screen raise the chosen alerts. The first list seen is where things stand, not news. */
  waitingNow(tables: TableSummary[]): void {
    const ids = new Set(tables.map((t) => t.id));
    const before = this.waiting;
    this.waiting = ids;
    if (before === null) return;
    for (const t of tables) {
      if (before.has(t.id) || !this.unseen(t.id)) continue;
      this.alert(t);
    }
  }

  /** Forget the list (signed out): the next one is a fresh start. */
  reset(): void {
    this.waiting = null;
  }

  private unseen(tableId: string): boolean {
    return document.hidden || router.path !== `/t/${encodeURIComponent(tableId)}`;
  }

  private alert(t: TableSummary): void {
    if (this.sound) this.chime();
    if (this.notify && notificationsSupported() && Notification.permission === "granted") {
      const note = new Notification(`Your turn: ${t.title}`, {
        body: "A game is waiting for your move.",
        tag: `turn-${t.id}`,
        icon: "/favicon.svg",
      });
      note.onclick = () => {
        window.focus();
        router.navigate(`/t/${encodeURIComponent(t.id)}${t.invite ? `?invite=${encodeURIComponent(t.invite)}` : ""}`);
        note.close();
      };
    }
  }

  /** Two soft rising notes. */
  private chime(): void {
    try {
      this.audio ??= new AudioContext();
      const ctx = this.audio;
      void ctx.resume();
      [660, 880].forEach((hz, i) => {
        const start = ctx.currentTime + i * 0.16;
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = "sine";
        osc.frequency.value = hz;
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
        osc.connect(gain).connect(ctx.destination);
        osc.start(start);
        osc.stop(start + 0.32);
      });
    } catch {
      // no sound on this device
    }
  }
}

export const alerts = new TurnAlerts();
