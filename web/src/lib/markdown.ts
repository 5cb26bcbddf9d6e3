// A small Markdown reader for the rules documents (docs/rules/*.md): headings, paragraphs, bullet and numbered
// lists (a list inside an item is indented to the item's text), tables, fenced code, rules, notes ("> " lines:
// a note set apart from the rules, such as the reason for a decision; a note under a list item, indented to its
// text as "  > …" with no blank line before it, belongs to that item), and inline code / emphasis / links. It builds a tree that Svelte renders
// as text nodes, so nothing in a document can ever become markup (raw HTML shows as the characters typed).
// Numbered rules ("**MO-3.2** …" opening a paragraph or a list item) and numbered sections ("## MO-3 …") get
// their number as an anchor id, and every other mention of a numbered rule links to it.

export type Inline =
  | { t: "text"; text: string }
  | { t: "code"; text: string }
  | { t: "strong"; children: Inline[] }
  | { t: "em"; children: Inline[] }
  | { t: "link"; href: string; children: Inline[] };

export type Align = "left" | "center" | "right" | null;

/** One item of a list: its text, then what is indented to its text under it, if anything: the lists nested in
 * it and its notes (the reason for a rule that is a list item), in the document's order. */
export interface ListItem {
  id: string | null;
  children: Inline[];
  blocks?: ItemBlock[];
}

/** What a list item may hold after its text: a nested list or a note. */
export type ItemBlock = Block & { t: "list" | "note" };

export type Block =
  | { t: "heading"; level: number; id: string; rule: string | null; children: Inline[] }
  | { t: "para"; id: string | null; children: Inline[] }
  | { t: "note"; children: Inline[] }
  | { t: "list"; ordered: boolean; items: ListItem[] }
  | { t: "table"; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  | { t: "code"; text: string }
  | { t: "hr" };

/** A numbered rule in the contents: its number and its opening words ("The deck has five suits"). */
export interface TocRule {
  id: string;
  gist: string;
}

export interface TocEntry {
  id: string;
  title: string;
  level: number;
  rules: TocRule[];
}

export interface RulesDocument {
  title: string;
  blocks: Block[];
  toc: TocEntry[];
  ids: Set<string>;
}

/** A rule number such as MS-3.2 (two capitals, a section, a dot, a rule). */
const RULE = /^[A-Z]{2}-\d+\.\d+$/;
/** A section number opening a heading, such as "MO-3" in "MO-3 Setting up". */
const SECTION = /^([A-Z]{2}-\d+)\s/;
const MENTION = /\b[A-Z]{2}-\d+\.\d+\b/g;

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}([*+-])\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const FENCE = /^\s{0,3}(```+|~~~+)/;
const RULER = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_SEP = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

// --- inline -------------------------------------------------------------------------------------------------

/** Index of the closing run of exactly ``n`` asterisks after ``from`` (code spans skipped), or -1. */
function closing(src: string, from: number, n: number): number {
  let i = from;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "`") {
      const end = codeEnd(src, i);
      if (end > 0) {
        i = end;
        continue;
      }
    }
    if (c === "*") {
      let j = i;
      while (src[j] === "*") j++;
      const run = j - i;
      // A closer follows text (not a space) and is exactly as long as the opener.
      if (run === n && i > from && !/\s/.test(src[i - 1])) return i;
      i = j;
      continue;
    }
    i++;
  }
  return -1;
}

/** The index just past a code span that opens at ``i``, or -1 when the backticks are never closed. */
function codeEnd(src: string, i: number): number {
  let j = i;
  while (src[j] === "`") j++;
  const ticks = src.slice(i, j);
  const close = src.indexOf(ticks, j);
  return close < 0 ? -1 : close + ticks.length;
}

function safeHref(href: string): string | null {
  return /^(https?:\/\/|#|\/)/i.test(href) ? href : null;
}

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ t: "text", text });
    text = "";
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\" && i + 1 < src.length && /[!-/:-@[-`{-~]/.test(src[i + 1])) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === "`") {
      const end = codeEnd(src, i);
      if (end > 0) {
        let j = i;
        while (src[j] === "`") j++;
        const ticks = j - i;
        flush();
        let code = src.slice(i + ticks, end - ticks);
        if (code.startsWith(" ") && code.endsWith(" ") && code.trim()) code = code.slice(1, -1);
        out.push({ t: "code", text: code });
        i = end;
        continue;
      }
    }
    if (c === "*") {
      let j = i;
      while (src[j] === "*") j++;
      const run = Math.min(j - i, 3);
      if (j < src.length && !/\s/.test(src[j])) {
        const close = closing(src, i + run, run);
        if (close > 0) {
          flush();
          const inner = parseInline(src.slice(i + run, close));
          if (run === 3) out.push({ t: "strong", children: [{ t: "em", children: inner }] });
          else out.push(run === 2 ? { t: "strong", children: inner } : { t: "em", children: inner });
          i = close + run;
          continue;
        }
      }
      text += src.slice(i, j);
      i = j;
      continue;
    }
    if (c === "[") {
      const m = /^\[([^\]]*)\]\(([^)\s]*)\)/.exec(src.slice(i));
      const href = m ? safeHref(m[2]) : null;
      if (m && href) {
        flush();
        out.push({ t: "link", href, children: parseInline(m[1]) });
        i += m[0].length;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

// --- blocks -------------------------------------------------------------------------------------------------

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith("|")) s = s.slice(1);
  if (s.endsWith("|") && !s.endsWith("\\|")) s = s.slice(0, -1);
  const cells: string[] = [];
  let cell = "";
  let inCode = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && s[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (c === "`") {
      inCode = !inCode;
      cell += c;
    } else if (c === "|" && !inCode) {
      cells.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

function alignOf(cell: string): Align {
  const left = cell.startsWith(":");
  const right = cell.endsWith(":");
  return left && right ? "center" : right ? "right" : left ? "left" : null;
}

function startsBlock(line: string, next: string | undefined): boolean {
  return (
    HEADING.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line) ||
    FENCE.test(line) ||
    RULER.test(line) ||
    QUOTE.test(line) ||
    (line.trim().startsWith("|") && next !== undefined && TABLE_SEP.test(next))
  );
}

/** The plain text of inline nodes (for titles and ids). */
export function plain(nodes: Inline[]): string {
  return nodes.map((n) => (n.t === "text" || n.t === "code" ? n.text : plain(n.children))).join("");
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "section"
  );
}

/** A rule's opening words for the contents: its text up to the first stop, colon, semicolon or bracket, at
 * most ``words`` words (then "…"); a rule that opens by quoting ("The rulebook: "Arrange the monsters…"") by
 * the quotation's words. */
function gist(children: Inline[], words = 8): string {
  const text = plain(children.slice(1)).trim();
  const quoted = /^[^.:;(]*:\s*["“]([^"”]+)/.exec(text);
  const first = (quoted ? quoted[1] : text).split(/[.:;(]/, 1)[0].replace(/[,\s—–-]+$/, "").trim();
  const head = first.replace(/^[a-z]/, (c) => c.toUpperCase());
  const cut = head.split(/\s+/);
  return cut.length > words ? `${cut.slice(0, words).join(" ").replace(/[,—–-]+$/, "")}…` : head;
}

/** The rule number a paragraph or list item opens with (its first node is **MO-3.2**), or null. */
function leadingRule(children: Inline[]): string | null {
  const first = children[0];
  if (first?.t !== "strong") return null;
  const text = plain(first.children).trim();
  return RULE.test(text) ? text : null;
}

/** The rule's own number, opening it, becomes a link to itself (to copy or share). */
function selfLink(children: Inline[], id: string | null): Inline[] {
  if (!id) return children;
  return [{ t: "strong", children: [{ t: "link", href: `#${id}`, children: [{ t: "text", text: id }] }] }, ...children.slice(1)];
}

/** Turns mentions of a rule in text into links to it, when the document has that rule. */
function linkMentions(nodes: Inline[], ids: Set<string>, self: string | null): Inline[] {
  const out: Inline[] = [];
  for (const n of nodes) {
    if (n.t === "text") {
      let last = 0;
      for (const m of n.text.matchAll(MENTION)) {
        const id = m[0];
        if (!ids.has(id) || id === self) continue;
        if (m.index > last) out.push({ t: "text", text: n.text.slice(last, m.index) });
        out.push({ t: "link", href: `#${id}`, children: [{ t: "text", text: id }] });
        last = m.index + id.length;
      }
      if (last < n.text.length) out.push({ t: "text", text: n.text.slice(last) });
    } else if (n.t === "strong" || n.t === "em") {
      out.push({ ...n, children: linkMentions(n.children, ids, self) });
    } else out.push(n);
  }
  return out;
}

export function parseMarkdown(src: string): RulesDocument {
  return finish(parseBlocks(src.replace(/\r\n?/g, "\n").split("\n")));
}

/** A line (from the item's text column on) that opens a block inside a list item: a list or a note. */
function opensInItem(rest: string): boolean {
  return BULLET.test(rest) || NUMBERED.test(rest) || QUOTE.test(rest);
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) body.push(lines[i++]);
      i++;
      blocks.push({ t: "code", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const children = parseInline(heading[2]);
      const section = SECTION.exec(plain(children));
      blocks.push({ t: "heading", level: heading[1].length, id: "", rule: section ? section[1] : null, children });
      i++;
      continue;
    }
    if (RULER.test(line)) {
      blocks.push({ t: "hr" });
      i++;
      continue;
    }
    if (line.trim().startsWith("|") && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1])) {
      const head = splitRow(line);
      const align = splitRow(lines[i + 1]).map(alignOf);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && lines[i].trim().startsWith("|")) {
        const cells = splitRow(lines[i++]);
        rows.push(head.map((_, k) => parseInline(cells[k] ?? "")));
      }
      blocks.push({ t: "table", align, head: head.map(parseInline), rows });
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      // A line that opens no other block continues the note (a "lazy" line, as in CommonMark).
      while (i < lines.length && (QUOTE.test(lines[i]) || (lines[i].trim() && !startsBlock(lines[i], lines[i + 1])))) {
        body.push((QUOTE.exec(lines[i])?.[1] ?? lines[i]).trim());
        i++;
      }
      blocks.push({ t: "note", children: parseInline(body.join(" ").trim()) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const marker = ordered ? NUMBERED : BULLET;
      const items: { text: string; nested: string[] }[] = [];
      let column = 0; // where the current item's text starts: a line indented that far belongs to the item
      while (i < lines.length) {
        const here = lines[i];
        const indent = here.length - here.trimStart().length;
        const m = marker.exec(here);
        const last = items[items.length - 1];
        if (m && (!last || indent < column)) {
          items.push({ text: m[2], nested: [] });
          column = m[0].length - m[2].length;
        } else if (!last || !here.trim() || !/^\s/.test(here)) break;
        else if (indent >= column && (last.nested.length || opensInItem(here.slice(column)))) {
          // A list or a note inside the item, and the lines that continue them.
          const rest = here.slice(column);
          last.nested.push(/^\s/.test(rest) || opensInItem(rest) ? rest : ` ${rest}`);
        } else last.text += ` ${here.trim()}`; // an indented continuation line
        i++;
      }
      blocks.push({
        t: "list",
        ordered,
        items: items.map(({ text, nested }) => {
          const blocks = parseBlocks(nested).filter((b): b is ItemBlock => b.t === "list" || b.t === "note");
          return { id: null, children: parseInline(text), ...(blocks.length ? { blocks } : {}) };
        }),
      });
      continue;
    }
    const para: string[] = [line.trim()];
    i++;
    while (i < lines.length && lines[i].trim() && !startsBlock(lines[i], lines[i + 1])) para.push(lines[i++].trim());
    blocks.push({ t: "para", id: null, children: parseInline(para.join(" ")) });
  }
  return blocks;
}

/** Every item of a list, the items of the lists nested in them included, in reading order. */
function allItems(list: Block & { t: "list" }): ListItem[] {
  return list.items.flatMap((item) => [item, ...(item.blocks ?? []).flatMap((b) => (b.t === "list" ? allItems(b) : []))]);
}

/** Gives every heading and numbered rule its id, links rule mentions, and builds the table of contents. */
function finish(blocks: Block[]): RulesDocument {
  const ids = new Set<string>();
  const unique = (base: string) => {
    let id = base;
    for (let k = 2; ids.has(id); k++) id = `${base}-${k}`;
    ids.add(id);
    return id;
  };
  let title = "";
  const toc: TocEntry[] = [];
  for (const b of blocks) {
    if (b.t === "heading") {
      const text = plain(b.children);
      b.id = unique(b.rule ?? slug(text));
      if (b.level === 1 && !title) title = text;
      else if (b.level <= 3) toc.push({ id: b.id, title: text, level: b.level, rules: [] });
    } else if (b.t === "para") {
      const rule = leadingRule(b.children);
      if (rule && !ids.has(rule)) b.id = unique(rule);
    } else if (b.t === "list") {
      for (const item of allItems(b)) {
        const rule = leadingRule(item.children);
        if (rule && !ids.has(rule)) item.id = unique(rule);
      }
    }
    const owner = toc[toc.length - 1];
    if (owner && b.t === "para" && b.id) owner.rules.push({ id: b.id, gist: gist(b.children) });
    if (owner && b.t === "list")
      for (const item of allItems(b)) if (item.id) owner.rules.push({ id: item.id, gist: gist(item.children) });
  }
  for (const b of blocks) {
    if (b.t === "para") b.children = selfLink(linkMentions(b.children, ids, b.id), b.id);
    else if (b.t === "note") b.children = linkMentions(b.children, ids, null);
    else if (b.t === "list")
      for (const item of allItems(b)) {
        item.children = selfLink(linkMentions(item.children, ids, item.id), item.id);
        // a note under the rule names other rules as links; its own rule too (it is not the rule's number)
        for (const note of item.blocks ?? []) if (note.t === "note") note.children = linkMentions(note.children, ids, null);
      }
    else if (b.t === "table") {
      b.head = b.head.map((c) => linkMentions(c, ids, null));
      b.rows = b.rows.map((r) => r.map((c) => linkMentions(c, ids, null)));
    }
  }
  return { title, blocks, toc, ids };
}
