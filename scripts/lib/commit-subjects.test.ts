import { describe, expect, it } from 'vitest';
import { longSubjects, parseLog, RULE_SINCE, SUBJECT_MAX } from './commit-subjects.ts';

describe('commit subjects', () => {
  const at = (offsetMs: number) => new Date(Date.parse(RULE_SINCE) + offsetMs).toISOString();
  it('reports a subject of 73 characters made after the rule, not one of 72', () => {
    const log = [`a1\t${at(1000)}\t${'x'.repeat(SUBJECT_MAX)}`, `b2\t${at(2000)}\t${'y'.repeat(SUBJECT_MAX + 1)}`].join('\n');
    expect(longSubjects(parseLog(log)).map((c) => c.hash)).toEqual(['b2']);
  });
  it('counts characters, not bytes (Vietnamese subjects)', () => {
    const subject = 'ệ'.repeat(SUBJECT_MAX);
    expect(longSubjects(parseLog(`c3\t${at(0)}\t${subject}`))).toEqual([]);
  });
  it('leaves the history before the rule alone', () => {
    expect(longSubjects(parseLog(`d4\t${at(-1000)}\t${'z'.repeat(200)}`))).toEqual([]);
  });
  it('keeps tabs inside a subject', () => {
    expect(parseLog(`e5\t${at(0)}\tone\ttwo`)[0]?.subject).toBe('one\ttwo');
  });
});
