// The rule of commit messages (docs/architecture.md#commits): a subject of at most 72 characters
// that says what changed, details in the body. It applies to the commits made from the day it was
// set, RULE_SINCE; older subjects are history and are not rewritten.

export const SUBJECT_MAX = 72;
export const RULE_SINCE = '2026-11-28T12:00:00Z';

export interface CommitLine {
  hash: string;
  date: string;
  subject: string;
}

/** Parses `git log --format=%H%x09%cI%x09%s` output. */
export function parseLog(text: string): CommitLine[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [hash = '', date = '', ...rest] = line.split('\t');
      return { hash, date, subject: rest.join('\t') };
    });
}

/** The commits under the rule whose subject is longer than SUBJECT_MAX characters (code points). */
export function longSubjects(commits: CommitLine[], since = RULE_SINCE): CommitLine[] {
  const start = Date.parse(since);
  return commits.filter((commit) => Date.parse(commit.date) >= start && [...commit.subject].length > SUBJECT_MAX);
}
