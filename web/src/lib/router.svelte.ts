// A tiny client-side router: the path is reactive state; links call navigate().

class Router {
  path = $state(window.location.pathname);
  search = $state(window.location.search);

  constructor() {
    window.addEventListener("popstate", () => {
      this.path = window.location.pathname;
      this.search = window.location.search;
    });
  }

  navigate(to: string, replace = false): void {
    const url = new URL(to, window.location.origin);
    if (replace) history.replaceState(null, "", url);
    else history.pushState(null, "", url);
    this.path = url.pathname;
    this.search = url.search;
    window.scrollTo(0, 0);
  }

  param(name: string): string | null {
    return new URLSearchParams(this.search).get(name);
  }
}

export const router = new Router();

/** Use on <a href> elements: keeps navigation inside the app (a plain click only). */
export function link(node: HTMLAnchorElement): { destroy(): void } {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const href = node.getAttribute("href");
    if (!href || !href.startsWith("/")) return;
    event.preventDefault();
    router.navigate(href);
  };
  node.addEventListener("click", onClick);
  return { destroy: () => node.removeEventListener("click", onClick) };
}
