// The live connection to one table: snapshots and updates in, actions out; reconnects with a full resync.
import { appendLog } from "./logLines";
import { Pacer } from "./pacing.svelte";
import type {
  ChatMessage,
  LegalAction,
  LogEntry,
  PresenceInfo,
  ResultText,
  ServerMessage,
  TableInfo,
  Update,
  View,
} from "./types";

/** One position as the table shows it: an update, held back by the pacer while earlier ones play. */
interface Shown {
  table: TableInfo;
  seat: number | null;
  stateId: number;
  view: View | null;
  legal: LegalAction[];
  entries: LogEntry[];
  resultText: ResultText | null;
  canUndo: boolean;
  receivedAt: number;
  /** A step the game plays by itself is told, or comes next: see ``TableSocket.telling``. */
  telling: LogEntry["event"] | null;
  /** The frame after the game's own last step, its while over: it brings back the decision (or the end) and
   * leaves the log and "Last move" as they are. */
  settle?: boolean;
}

/** An update's entries in the steps a person watches one at a time: a new step where a part the game played
 * by itself begins (an entry's ``step`` changes within its action), and where a seat's decision follows one
 * (the next action of a batch). An update without such parts is one step. */
export function steps(entries: readonly LogEntry[]): LogEntry[][] {
  const out: LogEntry[][] = [];
  let prev: LogEntry | null = null;
  for (const e of entries) {
    const step = e.step ?? 0;
    const fresh = prev !== null && (step > 0 ? step !== (prev.step ?? 0) || e.ply !== prev.ply : (prev.step ?? 0) > 0);
    if (!out.length || fresh) out.push([]);
    out[out.length - 1].push(e);
    prev = e;
  }
  return out.length ? out : [[]];
}

export type LinkState = "connecting" | "live" | "reconnecting" | "closed";

export class TableSocket {
  // What the table shows. Other seats' moves are shown one at a time (lib/pacing), so these fields may
  // be a few moves behind what arrived; the board and the log both read them, so they always agree.
  table = $state<TableInfo | null>(null);
  seat = $state<number | null>(null);
  host = $state(false);
  stateId = $state(0);
  view = $state<View | null>(null);
  legal = $state<LegalAction[]>([]);
  log = $state<LogEntry[]>([]);
  /** How the game ended, in this receiver's words (null while it goes on). */
  resultText = $state<ResultText | null>(null);
  link = $state<LinkState>("connecting");
  error = $state<string | null>(null);
  fatal = $state<string | null>(null);
  busy = $state(false);
  /** The server's word on whether my last move may be taken back now (see server/tables/undo.py). */
  canUndo = $state(false);
  /** While the pacer tells a part of an update the game played by itself (the log's ``step``: MONSTRA's Rift
   * Guardian's turn, a new round's set-up), the event that opens that part (or, on the decision shown before
   * it, the part that comes next); null otherwise. The shown ``view`` and ``table`` are already the position
   * after the whole update, so ``legal`` is empty meanwhile: nobody plays a move while the game's own turn is
   * being watched. The settle frame after the last step's while, or "Skip to now", brings them back.
   * A spectator's page tells the same steps the same way: no seat is marked to move meanwhile either. */
  telling = $state<LogEntry["event"] | null>(null);
  /** performance.now() when the latest snapshot or update arrived (the turn clock counts from it). */
  receivedAt = $state(0);
  /** Increments on every applied snapshot or update, so views can react to any change. */
  version = $state(0);
  /** The table's chat, oldest first (kept by id, so history and live messages merge). */
  chat = $state<ChatMessage[]>([]);
  chatError = $state<string | null>(null);
  presence = $state<PresenceInfo | null>(null);
  /** Where the shown move's entries start in ``log`` and who made it (the last move, highlighted). */
  moveStart = $state(0);
  moveBy = $state<number | null>(null);
  /** Positions that arrived and wait to be shown; ``pacer.skip()`` shows them all now. They count as the moves
   * their entries belong to: a bot's card picks and the choice they end in are one move; the Rift Guardian's
   * turn after a move is one more. */
  readonly pacer = new Pacer<Shown>(
    (f) => this.present(f),
    undefined,
    (frames) =>
      new Set(frames.flatMap((f) => f.entries.filter((e) => (e.move ?? 0) > 0).map((e) => `${e.move}:${e.step ?? 0}`)))
        .size,
    (frame) => frame.entries.reduce((n, e) => n + e.text.split(/\s+/).filter(Boolean).length, 0),
  );

  /** The newest state the server announced (the shown one may be behind it). */
  private latestId = 0;
  private ws: WebSocket | null = null;
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private nextRef = 1;
  private pending: number | null = null;
  private chatRefs = new Map<number, string>();
  /** ``fatal`` holds the server's words on too many open connections (cleared once a snapshot arrives). */
  private limited = false;

  constructor(
    private tableId: string,
    private invite: string | null,
  ) {}

  connect(): void {
    this.stopped = false;
    const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    const query = this.invite ? `?invite=${encodeURIComponent(this.invite)}` : "";
    const ws = new WebSocket(`${proto}//${window.location.host}/ws/tables/${encodeURIComponent(this.tableId)}${query}`);
    this.ws = ws;
    this.link = this.retry === 0 ? "connecting" : "reconnecting";
    ws.onopen = () => {
      this.retry = 0;
    };
    ws.onmessage = (event) => {
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.busy = false;
      this.pending = null;
      if (this.stopped) {
        this.link = "closed";
        return;
      }
      if (event.code === 4404 || event.code === 4403) {
        this.link = "closed";
        return;
      }
      if (event.code === 4429) {
        // Too many connections from this account or address: the words came in an error (shown); try later.
        this.link = "closed";
        this.timer = setTimeout(() => this.connect(), 20000);
        return;
      }
      this.link = "reconnecting";
      const delay = Math.min(5000, 400 * 2 ** this.retry);
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  close(): void {
    this.stopped = true;
    this.pacer.clear();
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }

  /** Drop the connection as a network failure would (used to test and to recover a stuck socket). */
  drop(): void {
    this.ws?.close();
  }

  private receive(msg: ServerMessage): void {
    switch (msg.type) {
      case "snapshot":
        this.table = msg.table;
        this.seat = msg.seat;
        this.host = msg.host;
        this.pacer.clear();
        this.latestId = msg.state_id;
        this.stateId = msg.state_id;
        this.view = msg.view;
        this.legal = msg.legal;
        this.telling = null;
        this.log = msg.log;
        this.resultText = msg.result_text ?? null;
        this.moveStart = msg.log.length;
        this.moveBy = null;
        this.canUndo = msg.can_undo ?? false;
        this.receivedAt = performance.now();
        this.link = "live";
        if (this.limited) {
          this.fatal = null;
          this.limited = false;
        }
        this.busy = false;
        this.pending = null;
        this.version += 1;
        break;
      case "update":
        if (msg.prev_state_id !== this.latestId) {
          // A gap (or a duplicate): ask for everything again.
          this.send({ type: "sync" });
          return;
        }
        this.latestId = msg.state_id;
        this.offerSteps(msg);
        break;
      case "chat":
        this.mergeChat([msg.message]);
        break;
      case "chat_history":
        this.mergeChat(msg.messages);
        break;
      case "presence":
        this.presence = { online: msg.online, spectators: msg.spectators, more: msg.more, anonymous: msg.anonymous };
        break;
      case "error":
        if (typeof msg.ref === "number" && this.chatRefs.has(msg.ref)) {
          this.chatError = msg.message;
          this.onChatRefused?.(this.chatRefs.get(msg.ref) ?? "");
          this.chatRefs.delete(msg.ref);
          break;
        }
        if (msg.ref === undefined || msg.ref === this.pending) {
          this.busy = false;
          this.pending = null;
        }
        if (msg.code === "too_many_connections") {
          this.fatal = msg.message;
          this.limited = true;
        } else if (msg.code === "not_found" || msg.code === "forbidden") this.fatal = msg.message;
        else this.error = msg.message;
        if (msg.code === "stale_state") this.send({ type: "sync" });
        break;
      default:
        break;
    }
  }

  /** An update in steps: what a seat decided, then each part the game played by itself after it (the log's
   * ``step`` marks: MONSTRA's Rift Guardian's turn, a new round's set-up), each told on its own and paced like
   * another seat's move. The server sends one view per update, the position after all of it, so every step
   * shows that board; only the words and the log come one step at a time (and the end screen with the last).
   * Until the last step has been shown its while, no decision is offered: its frame and those before it carry no
   * legal actions and say which of the game's own steps is told or comes next (``telling``); a last frame that
   * changes nothing on screen (``settle``) then brings the decision back, or the end screen. My own decision
   * shows at once and stays its while when steps follow it. */
  private offerSteps(msg: Update): void {
    const parts = steps(msg.log);
    const receivedAt = performance.now();
    const result = msg.result_text ?? null;
    const auto = (p: LogEntry[]) => (p[0]?.step ?? 0) > 0;
    const base = { table: msg.table, seat: msg.seat, stateId: msg.state_id, view: msg.view, canUndo: msg.can_undo ?? false, receivedAt };
    let told = false;
    parts.forEach((entries, i) => {
      const last = i === parts.length - 1;
      // the game's own step this frame tells, or the first one after it in this update
      const next = parts.slice(i).find(auto);
      const telling = next ? next[0].event : null;
      told = last && telling !== null;
      // the end screen waits for the last step: the Guardian's blow that ends a mission is watched first
      const frame: Shown = { ...base, legal: telling ? [] : msg.legal, telling, entries, resultText: last && !told ? result : null };
      const paced = auto(entries) || entries.some((e) => e.by !== msg.seat || msg.seat === null);
      this.pacer.offer(frame, paced, paced || !last);
    });
    // the game's own last step told: once its while is over, the decision (or the end) comes back
    if (told) this.pacer.offer({ ...base, legal: msg.legal, telling: null, entries: [], resultText: result, settle: true }, true);
  }

  private present(f: Shown): void {
    if (f.settle) {  // (no new version: "Last move" keeps its words without playing them again)
      this.legal = f.legal;
      this.telling = null;
      this.resultText = f.resultText;
      return;
    }
    this.table = f.table;
    this.seat = f.seat;
    this.stateId = f.stateId;
    this.view = f.view;
    this.legal = f.legal;
    this.telling = f.telling;
    this.moveStart = this.log.length;
    // a part the game played by itself (the Rift Guardian's turn) is no seat's move
    this.moveBy = (f.entries[0]?.step ?? 0) > 0 ? null : (f.entries.find((e) => e.by !== null)?.by ?? null);
    this.log = appendLog(this.log, f.entries);
    this.resultText = f.resultText;
    this.canUndo = f.canUndo;
    this.receivedAt = f.receivedAt;
    this.busy = false;
    this.pending = null;
    this.version += 1;
  }

  private send(message: Record<string, unknown>): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Play one action, or a batch applied in order and accepted or refused whole; ``cards``: the hand positions
   * (from 1) chosen for the choice of cards the batch reaches, which the game turns into its own picks. */
  act(actions: string[], cards?: number[]): void {
    if (this.busy) return;
    const ref = this.nextRef++;
    this.error = null;
    const message: Record<string, unknown> = { type: "action", state_id: this.latestId, actions, ref };
    if (cards) message.cards = cards;
    if (this.send(message)) {
      this.busy = true;
      this.pending = ref;
    } else {
      this.error = "Not connected; reconnecting…";
    }
  }

  /** Undo my last move, leave the game (a bot plays my seat) or reclaim my seat. An undo is answered like an
   * action (an update or an error); leaving twice changes nothing, so only an undo marks the socket busy. */
  control(type: "undo" | "leave" | "reclaim"): void {
    if (this.busy) return;
    const ref = this.nextRef++;
    this.error = null;
    const message: Record<string, unknown> = { type, ref };
    if (type === "undo") message.state_id = this.latestId;
    if (!this.send(message)) {
      this.error = "Not connected; reconnecting…";
    } else if (type === "undo") {
      this.busy = true;
      this.pending = ref;
    }
  }

  /** Called with the text of a chat message the server refused (so the box can offer it again). */
  onChatRefused: ((text: string) => void) | null = null;

  private mergeChat(incoming: ChatMessage[]): void {
    const byId = new Map(this.chat.map((m) => [m.id, m]));
    for (const m of incoming) byId.set(m.id, m);
    this.chat = [...byId.values()].sort((a, b) => a.id - b.id).slice(-200);
  }

  /** Send a chat message; false when not connected. */
  say(text: string): boolean {
    const ref = this.nextRef++;
    this.chatError = null;
    if (!this.send({ type: "chat", text, ref })) {
      this.chatError = "Not connected; reconnecting…";
      return false;
    }
    this.chatRefs.set(ref, text);
    if (this.chatRefs.size > 20) this.chatRefs.delete(this.chatRefs.keys().next().value as number);
    return true;
  }

  resync(): void {
    this.send({ type: "sync" });
  }
}
