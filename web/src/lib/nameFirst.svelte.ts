// Play now, New table and Tutorial work for a stranger too: pressed before choosing a name, they open the
// name dialog (components/NameDialog.svelte), and once the stranger has a name (as a guest, or logged in),
// what they pressed goes ahead. One place for it, so every such button asks the same way.
import { session } from "./session.svelte";

export interface NameRequest {
  /** What goes ahead once there is a name, in words ("Your Monster Smash game starts"). */
  next: string;
  then: () => unknown;
}

class NameFirst {
  asking = $state<NameRequest | null>(null);

  /** Run ``then`` at once when someone is signed in; else ask for a name first, then run it. */
  run(next: string, then: () => unknown): void {
    if (session.user) void then();
    else this.asking = { next, then };
  }

  /** The name is chosen: what was pressed goes ahead. */
  done(): void {
    const asked = this.asking;
    this.asking = null;
    if (asked && session.user) void asked.then();
  }

  cancel(): void {
    this.asking = null;
  }
}

export const nameFirst = new NameFirst();
