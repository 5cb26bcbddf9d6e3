// Changes of a number worth floating over the thing that changed (damage and heals): each change is kept
// for a moment, then dropped. Kept by the component that owns the number, so it survives re-renders.

const SHOWN_MS = 1300;

export class Hits {
  floats = $state<{ n: number; delta: number }[]>([]);
  private last: { value: number; who: string } | null = null;
  private next = 0;

  /** Note the current value of ``who``; a change from the last value of the same ``who`` floats. */
  note(value: number, who: string): void {
    const last = this.last;
    this.last = { value, who };
    if (!last || last.who !== who || last.value === value) return;
    const n = this.next++;
    this.floats = [...this.floats, { n, delta: value - last.value }];
    setTimeout(() => (this.floats = this.floats.filter((f) => f.n !== n)), SHOWN_MS);
  }
}
