// Small formatting helpers for ratings pages.

/** A rating as people read it: a whole number. */
export function points(rating: number): string {
  return String(Math.round(rating));
}

/** A signed change: "+16", "−8", "±0". */
export function change(before: number, after: number): string {
  const d = Math.round(after) - Math.round(before);
  if (d === 0) return "±0";
  return d > 0 ? `+${d}` : `−${-d}`;
}

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 4 → "4th", 11 → "11th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** A stored ISO time as a short local date ("" when missing). */
export function day(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}
