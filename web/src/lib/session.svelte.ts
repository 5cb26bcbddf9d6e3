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
}

export const session = new Session();
