// The audit log's {column: [old, new]} as a list of changes (pure, unit-tested).
import type { Json } from '@/types/database.ts';

export interface HistoryChange {
  field: string;
  before: Json;
  after: Json;
}

export interface HistoryEntry {
  id: number;
  at: string;
  actorEmail: string | null;
  action: string;
  changes: HistoryChange[];
}

/** {status: ['pending', 'confirmed']} → [{field: 'status', before: 'pending', after: 'confirmed'}]. */
export function readChanges(changes: Json): HistoryChange[] {
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) return [];
  const result: HistoryChange[] = [];
  for (const [field, pair] of Object.entries(changes)) {
    if (Array.isArray(pair) && pair.length === 2) {
      result.push({ field, before: pair[0] ?? null, after: pair[1] ?? null });
    }
  }
  return result.sort((a, b) => a.field.localeCompare(b.field));
}
