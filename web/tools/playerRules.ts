// The rules reference players read, made at build time from the developer documents (docs/rules/<game>.md).
// Those documents stay whole for developers; players never see what is for developers only: the
// introduction (game id, engine and data paths, sources, research notes), the sections about action
// texts, records and bots, research-gap citations, test names, file names and option keys. A note ("> " lines
// after a rule: the reason for a decision) stays a note, which the site shows set apart from the rules; a note
// under a list item ("  > " lines indented to its text, no blank line before) stays under that item.
// tests/test_player_rules.py runs it (through printPlayerRules.mjs): every numbered rule outside the developer
// sections must reach players whole, with no sentence cut.
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/** Sections (by heading text) that only developers need. */
const DEVELOPER_SECTIONS = [
  /^Options$/,
  /^Results$/,
  /^Hidden information$/,
  /index layout/i,
  /Action texts/i,
  /for bots and RL/i,
  /records and replay/i,
  /^Not implemented/i,
  /^Appendix/i,
  /^Changes in rules version/i,
];

/** A sentence holding any of these is for developers (paths, files, tests, code names, option settings). */
const DEVELOPER_WORDS = [
  /`[^`]*(?:\/|\.toml|\.py|\.txt|\.md)[^`]*`/,
  /\btest_[A-Za-z]{2}_/,
  /\btests?\//,
  /research\.md/,
  /`[^`]*[_=][^`]*`/,
  /\bResult\.\w+/,
  /\bpayoffs?\b/,
  /\btermination/i,
  /\bseeds?\b/,
  /in views and events/,
  /`[a-z]+ [A-Z]\b[^`]*`/,
  /^Known limitation/,
  /\bsample\b/,
  /action space/i,
  /determini[sz]/i,
  /\bsoftware\b/i,
  /random games/i,
  /\boptions?\b/i,
  /\bIllegalAction\b/,
  /\bpymunk\b|\bChipmunk/,
  /\bengine\b/i,
  /\bRL\b|\bbots?\b/,
  /\bdata file/i,
  /\bresearch\b/i,
  /\bsource\b/i,
  /\bguide\b/i,
  /\breview\b/i,
];

/** Players count seats from 1: "seats 0 and 2" reads "seats 1 and 3". A label quoted as the site shows it
 * (“Seat 1's deck”) already counts from 1 and stays as it is. */
function seatsFromOne(text: string): string {
  return text
    .split(/(“[^”]*”)/)
    .map((part) =>
      part.startsWith("“")
        ? part
        : part.replace(/\b([Ss]eats?)\s+(\d+(?:(?:,\s*|\s+(?:and|or|to)\s+|\s*[–-]\s*)\d+)*)/g, (_m, word: string, nums: string) =>
            `${word} ${nums.replace(/\d+/g, (n) => String(Number(n) + 1))}`,
          ),
    )
    .join("");
}

/** One sentence as players read it, or "" when it only speaks to developers. */
function playerSentence(sentence: string): string {
  const s = sentence
    // Citations of the sources and of research gaps: "**[source]**", "(research gap 4)", "(research §3.1)".
    .replace(/\s*\*\*\[(?:source|guide)\]\*\*(?:\s*\([^)]*\))?,?/g, "")
    .replace(/\s*\((?:[^()]*\bresearch\b[^()]*|[^()]*\([^()]*\)[^()]*\bresearch\b[^()]*)\)/gi, "")
    .replace(/\s*\((?:rulebook|public facts)[^)]*\)/gi, "")
    // "chosen by the options `deck0` and `deck1`", "(option `first_player` fixes it)": option keys are code.
    .replace(/\s*\(?(?:chosen |set |fixed )?(?:by |with )?(?:the )?options? `[^`]*`(?:\s*(?:and|or|,)\s*`[^`]*`)*(?:\s+(?:fixes|sets|switches|allows) (?:it|them))?\)?/g, "")
    // "***Invented (ours)***, option `x` (default **false**):" marks a rule of ours that a table may switch on.
    .replace(/\*{2,3}Invented \(ours\)\*{2,3}[^:]*:\s*/g, "*A rule of ours, chosen when the table is made:* ")
    // An action text in brackets ("(`attack S`, then MS-5)") is for the terminal and the protocol.
    .replace(/\s*\(`[^)]*\)/g, "")
    .replace(/\s+(?:at random\s+)?(?:from|by|with) the (?:game's )?(?:own )?seed(?:ed generator)?/g, " at random")
    .replace(/(at random)(?:\s+at random)+/g, "$1")
    // "*Decided here*:" marks the project's reading; the reading itself is the rule players need.
    .replace(/[;,]?\s*[^;.]*\*{3}decided here\*{3}/g, "")
    .replace(/\*{1,3}\s*Decided here\.?\s*\*{1,3}\.?\s*:?\s*/g, "")
    .replace(/\(\s*\)/g, "")
    .replace(/\s+([.;,])/g, "$1")
    .replace(/[.;,]\s*([.;])/g, "$1")
    .trim();
  if (!/[A-Za-z]/.test(s) || DEVELOPER_WORDS.some((re) => re.test(s))) return "";
  // Action words in code ("`pass`") read as plain words; a sentence left in lower case gets its capital.
  return seatsFromOne(s).replace(/`([^`]+)`/g, "$1").replace(/^(\*\*[A-Z]{2}-\d+\.\d+\*\*\s+)?([a-z])/, (_m, a: string | undefined, b: string) => (a ?? "") + b.toUpperCase());
}

function stripBlock(text: string): string {
  // The rule's number stays even when its first sentence goes.
  const label = /^\*\*[A-Z]{2}-\d+\.\d+\*\*\s*/.exec(text)?.[0] ?? "";
  // Split before cleaning, so a removed marker never glues a note onto the rule before it.
  const body = text
    .slice(label.length)
    .split(/(?<=[.!?])\s+(?=[A-Z*("])/)
    .map(playerSentence)
    .filter(Boolean)
    .join(" ");
  return body ? label + body : "";
}

/** A note's text as players read it ("" when it only speaks to developers), from its "> " lines. */
function noteOf(lines: string[]): string {
  return stripBlock(lines.map((l) => l.replace(/^\s*>\s?/, "").trim()).join(" ").trim());
}

/** The players' rules reference from a developer rules document (Markdown in, Markdown out). */
export function playerRules(markdown: string): string {
  const lines = markdown.replace(/\r\n/g, "\n").split("\n");
  const out: string[] = [];
  let skipping = 0; // the level of the developer section being left out, 0 when none
  let seenSection = false;
  let block: string[] = [];
  let blockIsTable = false;
  const flush = () => {
    if (!block.length) return;
    // A table of measurements or action texts (code in it) is for developers.
    if (blockIsTable) {
      if (!block.some((line) => line.includes("`") || /\bmean\b|percentile/.test(line))) out.push(...block);
    }
    // A note ("> " lines, the reason for a decision) reaches players as a note, set apart from the rules.
    else if (/^\s{0,3}>/.test(block[0])) {
      const body = noteOf(block);
      if (body) out.push(`> ${body}`);
    }
    else {
      // A list keeps one item per bullet, and an item its note (indented "> " lines, and any line after them);
      // a paragraph is one block.
      const items: { text: string[]; note: string[] }[] = [];
      for (const line of block) {
        const last = items[items.length - 1];
        if (/^\s{0,3}(?:[*+-]|\d+[.)])\s/.test(line) || !last) items.push({ text: [line], note: [] });
        else if (/^\s+>/.test(line) || last.note.length) last.note.push(line);
        else last.text.push(line);
      }
      for (const item of items) {
        const m = /^(\s{0,3}(?:[*+-]|\d+[.)])\s+)?(.*)$/s.exec(item.text.map((l) => l.trim()).join(" "));
        const lead = m?.[1] ?? "";
        const body = stripBlock(m?.[2] ?? "");
        // A numbered rule left with only its number keeps nothing worth reading.
        if (!body) continue;
        out.push(lead + body);
        // the item's note, indented to the item's text
        const note = item.note.length ? noteOf(item.note) : "";
        if (note) out.push(`${" ".repeat(lead.length)}> ${note}`);
      }
    }
    out.push("");
    block = [];
    blockIsTable = false;
  };
  for (const line of lines) {
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      if (h[1].length === 1) {
        out.push(`# ${h[2].replace(/\s+—\s+(?:the\s+)?rules as implemented/i, " — rules")}`, "");
        continue;
      }
      seenSection = true;
      const level = h[1].length;
      if (skipping && level > skipping) continue;
      skipping = DEVELOPER_SECTIONS.some((re) => re.test(h[2].trim())) ? level : 0;
      if (!skipping) out.push(line, "");
      continue;
    }
    // The introduction before the first section is about sources, code and research.
    if (skipping || !seenSection) continue;
    if (!line.trim()) {
      flush();
      continue;
    }
    if (/^\s*\|/.test(line)) {
      if (block.length && !blockIsTable) flush();
      blockIsTable = true;
    }
    block.push(line);
  }
  flush();
  let text = out.join("\n").replace(/\n{3,}/g, "\n\n");
  // Mentions of rules that were left out ("(**MS-13.3**)") would point nowhere.
  const kept = new Set(text.match(/^\s*(?:[*+-]\s+)?\*\*([A-Z]{2}-\d+\.\d+)\*\*/gm)?.map((s) => s.replace(/[^A-Z0-9.-]/g, "")) ?? []);
  const sections = new Set(text.match(/^##\s+([A-Z]{2}-\d+)\s/gm)?.map((s) => s.replace(/^##\s+/, "").trim()) ?? []);
  text = text.replace(/\s*\(\*\*([A-Z]{2}-\d+)\.(\d+)\*\*\)/g, (all, sec: string, n: string) =>
    kept.has(`${sec}.${n}`) || sections.has(sec) ? all : "",
  );
  return text;
}

/** Vite: ``import text from "…/docs/rules/x.md?player"`` gives the players' reference of that document. */
export function playerRulesPlugin(): Plugin {
  return {
    name: "monsterlair-player-rules",
    enforce: "pre",
    load(id) {
      if (!id.endsWith("?player")) return null;
      const file = id.slice(0, -"?player".length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(playerRules(readFileSync(file, "utf8")))};`;
    },
  };
}
