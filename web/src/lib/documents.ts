// Documents per game bundled as their own chunks (rules references, guides, tutorial prompts): each is
// imported when first asked for, parsed once, and kept; a failed load is forgotten so it can be retried.

export interface GameDocuments<T> {
  /** The games that have a document (by id: ``session.inOrder`` puts them in the lobby's order). */
  games: string[];
  has(game: string): boolean;
  /** The parsed document of ``game`` (rejects for a game without one). */
  load(game: string): Promise<T>;
}

/** The game a document file is for: its name, as in "../guides/monstra.md". */
function gameOfFile(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1, -".md".length);
}

/** ``files``: the text of each file of a folder of documents, one "<game id>.md" per game, as
 * ``import.meta.glob("<folder>/*.md", { query, import: "default" })`` gives it. */
export function gameDocuments<T>(
  files: Record<string, () => Promise<string>>,
  parse: (text: string) => T,
  missing: (game: string) => string,
): GameDocuments<T> {
  const sources = new Map(Object.entries(files).map(([path, loadText]) => [gameOfFile(path), loadText]));
  const cache = new Map<string, Promise<T>>();
  const has = (game: string) => sources.has(game);
  return {
    games: [...sources.keys()].sort(),
    has,
    load(game: string): Promise<T> {
      let doc = cache.get(game);
      if (!doc) {
        const loadText = sources.get(game);
        if (!loadText) return Promise.reject(new Error(missing(game)));
        doc = loadText().then(parse);
        doc.catch(() => cache.delete(game));
        cache.set(game, doc);
      }
      return doc;
    },
  };
}
