// `npm run check:commits`: every commit since the rule was set (scripts/lib/commit-subjects.ts) has
// a subject of at most 72 characters. Reads the history of HEAD (a shallow clone checks what it has).
import { execFileSync } from 'node:child_process';
import { longSubjects, parseLog, RULE_SINCE, SUBJECT_MAX } from './lib/commit-subjects.ts';
import { runMain } from './lib/run-main.ts';

runMain(async () => {
  const log = execFileSync('git', ['log', `--since=${RULE_SINCE}`, '--format=%H%x09%cI%x09%s', 'HEAD'], { encoding: 'utf8' });
  const commits = parseLog(log);
  const long = longSubjects(commits);
  if (long.length > 0) {
    console.error(`✗ ${long.length} commit subject(s) longer than ${SUBJECT_MAX} characters (put the details in the body):`);
    for (const commit of long) console.error(`  ${commit.hash.slice(0, 10)} (${[...commit.subject].length}): ${commit.subject}`);
    return 1;
  }
  console.log(`✓ ${commits.length} commit(s) since ${RULE_SINCE}: every subject is at most ${SUBJECT_MAX} characters.`);
  return 0;
});
