// The fuzzy string set PostgREST uses for the "Perhaps you meant …" hints of PGRST202 (a function)
// and PGRST205 (a table): the Haskell package fuzzyset 0.2.4 (a port of fuzzyset.js), rewritten
// here so that the hints name what PostgREST names. Entries are indexed by their 2- and 3-grams; a
// query takes the entries sharing the most grams (cosine similarity, largest gram size first), the 50
// best of them are ranked again by normalised Levenshtein distance, and those scoring at least 0.33
// are kept, best first. An entry equal to the query (ignoring case) is the only answer.

const MIN_SCORE = 0.33;
const GRAM_SIZES = [3, 2] as const;
const RERANKED = 50;

interface Item {
  /** The lower-case entry. */
  entry: string;
  magnitude: number;
}

/** Letters, digits, white space and commas of the lower-cased value (fuzzyset's `normalized`). */
function normalized(value: string): string {
  return Array.from(value.toLowerCase())
    .filter((char) => /[\p{L}\p{N}\s,]/u.test(char))
    .join('');
}

/** The grams of `size` characters of `-value-` with their counts. */
export function gramVector(value: string, size: number): Map<string, number> {
  const chars = Array.from(`-${normalized(value)}-`);
  const grams = new Map<string, number>();
  for (let offset = 0; offset <= chars.length - size; offset += 1) {
    const gram = chars.slice(offset, offset + size).join('');
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

function magnitude(counts: Iterable<number>): number {
  let sum = 0;
  for (const count of counts) sum += count * count;
  return Math.sqrt(sum);
}

function levenshtein(a: readonly string[], b: readonly string[]): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** 1 − Levenshtein distance / the longer length (text-metrics' levenshteinNorm); 1 for two empty strings. */
export function levenshteinNorm(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const distance = levenshtein(x, y);
  return distance === 0 ? 1 : 1 - distance / Math.max(x.length, y.length);
}

export class FuzzySet {
  /** Lower-case entry → the entry as added. */
  private readonly exact = new Map<string, string>();
  private readonly items = new Map<number, Item[]>();
  /** Gram → the items (of that gram's size) holding it, with its count in each. */
  private readonly grams = new Map<string, { index: number; count: number }[]>();

  /** A set of `values`, added as fuzzyset's fromList adds them (the last one first). */
  constructor(values: Iterable<string> = []) {
    for (const value of [...values].reverse()) this.add(value);
  }

  add(value: string): void {
    const key = value.toLowerCase();
    if ([...this.exact.values()].includes(key)) return;
    for (const size of GRAM_SIZES) {
      const vector = gramVector(key, size);
      const items = this.items.get(size) ?? [];
      const index = items.length;
      items.push({ entry: key, magnitude: magnitude(vector.values()) });
      this.items.set(size, items);
      for (const [gram, count] of vector) {
        const infos = this.grams.get(gram) ?? [];
        infos.push({ index, count });
        this.grams.set(gram, infos);
      }
    }
    this.exact.set(key, value);
  }

  /** The matches of `value` with their scores, best first (empty when none scores MIN_SCORE). */
  get(value: string): { score: number; value: string }[] {
    const key = value.toLowerCase();
    const exact = this.exact.get(key);
    if (exact !== undefined) return [{ score: 1, value: exact }];
    for (const size of GRAM_SIZES) {
      const found = this.matches(key, size);
      if (found.length > 0) return found;
    }
    return [];
  }

  /** The best match of `value`, or null. */
  getOne(value: string): string | null {
    return this.get(value)[0]?.value ?? null;
  }

  private matches(query: string, size: number): { score: number; value: string }[] {
    const vector = gramVector(query, size);
    const queryMagnitude = magnitude(vector.values());
    const items = this.items.get(size) ?? [];
    const dots = new Map<number, number>();
    for (const [gram, count] of vector) {
      for (const info of this.grams.get(gram) ?? []) dots.set(info.index, (dots.get(info.index) ?? 0) + info.count * count);
    }
    const byCosine = [...dots.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([index, dot]) => ({ score: dot / (queryMagnitude * items[index]!.magnitude), entry: items[index]!.entry }))
      .sort((a, b) => b.score - a.score);
    return byCosine
      .slice(0, RERANKED)
      .map(({ entry }) => ({ score: levenshteinNorm(query, entry), entry }))
      .sort((a, b) => b.score - a.score)
      .filter(({ score }) => score >= MIN_SCORE)
      .map(({ score, entry }) => ({ score, value: this.exact.get(entry) ?? '' }));
  }
}
