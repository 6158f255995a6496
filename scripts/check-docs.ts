// `npm run check:docs`: the repository explains itself. Fails when a file points outside the
// repository (to specification documents, briefs or other folders of the machine) or cites a section
// of docs/ that does not exist: every `docs/<file>.md#<anchor>` in code and comments, and every
// link between the docs pages, must land on a real heading (GitHub's heading anchors).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src', 'local-stack', 'supabase', 'scripts', 'tests', 'docs', '.ci', 'README.md', 'package.json', 'eslint.config.js', 'playwright.config.ts', 'vite.config.ts', 'vitest.config.ts', 'index.html'];
const SKIPPED_DIRS = new Set(['node_modules', 'artifacts', 'seed-files', '.data', 'dist']);
/** The checker's own test holds broken citations on purpose, as fixtures. */
const SKIPPED_FILES = new Set(['scripts/check-docs.test.ts']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|sql|md|sh|json|toml|html|css|yml|yaml)$|^run$/;

/** Pointers to texts that live outside the repository (written in pieces so this file passes itself). */
const OUTSIDE = [
  { pattern: new RegExp(['spec', ' 0[12]'].join(''), 'i'), what: 'a specification document outside the repository' },
  { pattern: new RegExp(['decisions?', ' [0-9]'].join(''), 'i'), what: 'a numbered decision outside the repository (cite docs/decisions.md#…)' },
  { pattern: new RegExp(['shared', '/'].join('')), what: 'a shared folder outside the repository' },
  { pattern: new RegExp(['/wo', 'rk/'].join('')), what: 'a path of the development machine' },
  { pattern: new RegExp(['brie', 'fs/'].join('')), what: 'a brief outside the repository' },
];

export interface Problem {
  file: string;
  line: number;
  message: string;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugify(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text (duplicates get -1, -2 … as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = slugify(match[1]!);
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/**
 * The problems of a set of files (path relative to the root → text). `docs/<file>.md#<anchor>` anywhere, and
 * inside docs/ also `(<file>.md#<anchor>)` and `(#<anchor>)` links, must name an existing file and heading.
 */
export function findProblems(files: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = [];
  const anchorCache = new Map<string, Set<string> | undefined>();
  const anchorsFor = (docPath: string): Set<string> | undefined => {
    if (!anchorCache.has(docPath)) {
      const text = files.get(docPath);
      anchorCache.set(docPath, text === undefined ? undefined : anchorsOf(text));
    }
    return anchorCache.get(docPath);
  };
  const checkCitation = (file: string, line: number, target: string, anchor: string | undefined): void => {
    const anchors = anchorsFor(target);
    if (anchors === undefined) problems.push({ file, line, message: `cites ${target}, which does not exist` });
    else if (anchor !== undefined && !anchors.has(anchor)) problems.push({ file, line, message: `cites ${target}#${anchor}, a heading that does not exist` });
  };

  for (const [file, text] of files) {
    const lines = text.split('\n');
    lines.forEach((content, index) => {
      const line = index + 1;
      for (const { pattern, what } of OUTSIDE) {
        if (pattern.test(content)) problems.push({ file, line, message: `points to ${what}: ${content.trim().slice(0, 120)}` });
      }
      for (const match of content.matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
        checkCitation(file, line, `docs/${match[1]!}`, match[2]);
      }
      if (file.startsWith('docs/') && file.endsWith('.md')) {
        for (const match of content.matchAll(/\]\((?!https?:)([\w-]+\.md)?(?:#([\w-]+))?\)/g)) {
          if (match[1] === undefined && match[2] === undefined) continue;
          checkCitation(file, line, match[1] === undefined ? file : `docs/${match[1]}`, match[2]);
        }
      }
    });
  }
  return problems;
}

function collect(relative: string, into: Map<string, string>): void {
  const absolute = path.join(ROOT, relative);
  let stats;
  try {
    stats = statSync(absolute);
  } catch {
    return;
  }
  if (stats.isDirectory()) {
    for (const entry of readdirSync(absolute)) {
      if (!SKIPPED_DIRS.has(entry) && !entry.startsWith('.data')) collect(path.join(relative, entry), into);
    }
  } else if (TEXT_FILE.test(path.basename(relative)) && stats.size < 2_000_000) {
    const key = relative.split(path.sep).join('/');
    if (!SKIPPED_FILES.has(key)) into.set(key, readFileSync(absolute, 'utf8'));
  }
}

function main(): void {
  const files = new Map<string, string>();
  for (const entry of SCANNED) collect(entry, files);
  const problems = findProblems(files);
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`);
  if (problems.length > 0) {
    console.error(`\n✗ ${problems.length} places point outside the repository or to a docs/ section that does not exist.`);
    process.exit(1);
  }
  console.log(`✓ ${files.size} files: nothing points outside the repository, every docs/ reference reaches its section.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
