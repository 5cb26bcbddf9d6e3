// Turn alerts, each one opt-in and kept in this browser: a short chime and a browser notification when a
// game becomes the person's move at a table they are not looking at (another page, or a hidden tab), and the
// same when another player asks them to a rematch (whose seat is kept only until the time to answer runs out).
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

type Kind = "turn" | "rematch";

/** A notification's words for each kind of news. */
const WORDS: Record<Kind, (t: TableSummary) => { title: string; body: string }> = {
  turn: (t) => ({ title: `Your turn: ${t.title}`, body: "A game is waiting for your move." }),
  rematch: (t) => ({
    title: `Rematch offer: ${t.title}`,
    body: `${t.host_name || "A player"} asks you to a rematch; your seat is kept until you answer.`,
  }),
};

class TurnAlerts {
  sound = $state(read(SOUND_KEY));
  notify = $state(read(NOTE_KEY) && notificationsSupported() && Notification.permission === "granted");
  /** Why notifications could not be turned on (the browser said no), for the settings to show. */
  refused = $state<string | null>(null);

  private audio: AudioContext | null = null;
  /** The tables already known to wait for the person, of each kind (null: no list seen yet). */
  private known: Record<Kind, Set<string> | null> = { turn: null, rematch: null };

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
    this.news("turn", tables);
  }

  /** The rematches now asking the person (from the same poll): a new one raises the same alerts. */
  invitedNow(tables: TableSummary[]): void {
    this.news("rematch", tables);
  }

  /** Forget the lists (signed out): the next ones are a fresh start. */
  reset(): void {
    this.known = { turn: null, rematch: null };
  }

  private news(kind: Kind, tables: TableSummary[]): void {
    const before = this.known[kind];
    this.known[kind] = new Set(tables.map((t) => t.id));
    if (before === null) return;
    for (const t of tables) {
      if (before.has(t.id) || !this.unseen(t.id)) continue;
      this.alert(kind, t);
    }
  }

  private unseen(tableId: string): boolean {
    return document.hidden || router.path !== `/t/${encodeURIComponent(tableId)}`;
  }

  private alert(kind: Kind, t: TableSummary): void {
    if (this.sound) this.chime();
    if (this.notify && notificationsSupported() && Notification.permission === "granted") {
      const words = WORDS[kind](t);
      const note = new Notification(words.title, {
        body: words.body,
        tag: `${kind}-${t.id}`,
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
