import { describe, expect, it } from 'vitest';
import { anchorsOf, findProblems, slugify } from './check-docs.ts';

const DOCS = new Map([
  ['docs/decisions.md', '# Decisions\n\n## Commission amounts\n\n## Admin routes under /admin\n\n```\n## not a heading\n```\n'],
  ['docs/product.md', '# Product\n\n## Money\n\nSee [the rule](decisions.md#commission-amounts) and [below](#money).\n'],
]);

function problemsOf(extra: Record<string, string>): string[] {
  return findProblems(new Map([...DOCS, ...Object.entries(extra)])).map((p) => `${p.file}:${p.line}: ${p.message}`);
}

describe('check-docs', () => {
  it("makes GitHub's heading anchors", () => {
    expect(slugify('Admin routes under /admin')).toBe('admin-routes-under-admin');
    expect(slugify('Language, money and dates')).toBe('language-money-and-dates');
    expect(slugify('Vietnamese interface, VND and Vietnam time')).toBe('vietnamese-interface-vnd-and-vietnam-time');
    expect([...anchorsOf('# A\n## A\n```\n# B\n```\n')]).toEqual(['a', 'a-1']);
  });

  it('accepts citations of existing sections and links between the docs pages', () => {
    expect(problemsOf({ 'src/a.ts': '// see docs/decisions.md#admin-routes-under-admin and docs/product.md' })).toEqual([]);
  });

  it('reports a missing file, a missing heading and a broken link inside docs', () => {
    expect(
      problemsOf({
        'src/a.ts': '// docs/nope.md#x\n// docs/decisions.md#commission-rows',
        'docs/screens.md': '# Screens\n[x](product.md#nothing) [y](#also-nothing)',
      }),
    ).toEqual([
      'src/a.ts:1: cites docs/nope.md, which does not exist',
      'src/a.ts:2: cites docs/decisions.md#commission-rows, a heading that does not exist',
      'docs/screens.md:2: cites docs/product.md#nothing, a heading that does not exist',
      'docs/screens.md:2: cites docs/screens.md#also-nothing, a heading that does not exist',
    ]);
  });

  it('reports pointers to texts outside the repository', () => {
    const outside = ['spec', ' 01 §2'].join('');
    const numbered = ['Decision', ' 7'].join('');
    const shared = ['../sha', 'red/DESIGN.md'].join('');
    const machine = ['/wo', 'rk/notes.md'].join('');
    const problems = problemsOf({ 'src/b.ts': `// ${outside}\n// ${numbered}\n// ${shared}\n-- ${machine}` });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain('src/b.ts:1: points to a specification document');
    expect(problems[1]).toContain('src/b.ts:2: points to a numbered decision');
  });
});
