// Who is signed in, and the game catalogue (both loaded once, refreshed on demand).
import { api } from "./api";
import type { Catalogue, User } from "./types";

class Session {
  user = $state<User | null>(null);
  loaded = $state(false);
  catalogue = $state<Catalogue | null>(null);

  async load(): Promise<void> {
    try {
      this.user = await api.me();
    } catch {
      this.user = null;
    }
    this.loaded = true;
  }

  async loadCatalogue(): Promise<Catalogue> {
    if (!this.catalogue) this.catalogue = await api.games();
    return this.catalogue;
  }

  game(id: string) {
    return this.catalogue?.games.find((g) => g.id === id) ?? null;
  }

  /** Game ids in the catalogue's order (the server's, which the lobby lists): one order everywhere. Ids it
   * does not list come last; all as given until the catalogue is loaded. */
  inOrder(ids: string[]): string[] {
    const order = this.catalogue?.games.map((g) => g.id) ?? [];
    const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
    return [...ids].sort((a, b) => rank(a) - rank(b));
  }
}

export const session = new Session();
