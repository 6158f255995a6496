// Reading and judging the findings of `supabase db advisors -o json` (splinter).

// Performance lints we keep at zero whatever level the linter gives them.
export const ALWAYS_FAIL = new Set(['auth_rls_initplan', 'multiple_permissive_policies', 'unindexed_foreign_keys', 'duplicate_index']);

export interface Finding {
  name: string;
  title: string;
  level: 'INFO' | 'WARN' | 'ERROR';
  categories: string[];
  detail: string;
  remediation?: string;
}

function isFinding(value: unknown): value is Finding {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.level === 'string' && Array.isArray(v.categories) && typeof v.detail === 'string';
}

/** Parses the CLI's `-o json` output (which may be preceded by status lines). */
export function parseFindings(stdout: string): Finding[] {
  const start = stdout.search(/^\s*\[/m);
  if (start < 0) {
    if (/No issues found/i.test(stdout)) return [];
    throw new Error(`supabase db advisors: could not parse the JSON output:\n${stdout.slice(0, 2000)}`);
  }
  const parsed: unknown = JSON.parse(stdout.slice(start));
  if (!Array.isArray(parsed) || !parsed.every(isFinding)) {
    throw new Error('supabase db advisors: the JSON output does not have the expected shape');
  }
  return parsed;
}

export function isFailure(finding: Finding): boolean {
  if (finding.categories.includes('SECURITY')) return true;
  if (ALWAYS_FAIL.has(finding.name)) return true;
  return finding.level === 'WARN' || finding.level === 'ERROR';
}
