// PostgREST's JWT settings that the authenticator role may carry (`pgrst.jwt_aud`,
// `pgrst.jwt_role_claim_key`), read with the other `pgrst.*` settings (db-config.ts):
// - jwt_aud: a token whose `aud` (a string, or an array of strings) does not name it is refused
//   with 401 PGRST303 "JWT not in audience"; an `aud` that is neither is refused whatever the
//   setting ("The JWT 'aud' claim must be a string or an array of strings"), as PostgREST
//   (src/library/PostgREST/Auth/Jwt.hs, checkForErrors);
// - jwt_role_claim_key: where the role is read in the claims, PostgREST's JSPath
//   (Config/DeprecatedJSPath.hs): `.key`, `."quoted key"`, `[index]`, and a last
//   `[?(@ == "value")]` filter (also `!=`, `^==` starts with, `==^` ends with, `*==` contains) picking
//   the first matching string of an array. No role there = the anonymous role.

export type JsPathStep =
  | { kind: 'key'; key: string }
  | { kind: 'index'; index: number }
  | { kind: 'filter'; op: '==' | '!=' | '^==' | '==^' | '*=='; value: string };

export type JsPath = JsPathStep[];

/** PostgREST's default: `.role`. */
export const DEFAULT_ROLE_CLAIM_KEY: JsPath = [{ kind: 'key', key: 'role' }];

/** Parses a role claim key; undefined when PostgREST would refuse it. */
export function parseRoleClaimKey(text: string): JsPath | undefined {
  const steps: JsPath = [];
  let at = 0;
  const quoted = (): string | undefined => {
    if (text[at] !== '"') return undefined;
    let value = '';
    at += 1;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === '\\' && at + 1 < text.length) at += 1;
      value += text[at];
      at += 1;
    }
    if (text[at] !== '"') return undefined;
    at += 1;
    return value;
  };
  while (at < text.length) {
    if (text[at] === '.') {
      at += 1;
      const bare = /^[\p{L}\p{N}_$@]+/u.exec(text.slice(at));
      if (bare) {
        steps.push({ kind: 'key', key: bare[0] });
        at += bare[0].length;
        continue;
      }
      const key = quoted();
      if (key === undefined) return undefined;
      steps.push({ kind: 'key', key });
      continue;
    }
    if (text.startsWith('[?(', at)) {
      const filter = /^\[\?\(@\s*(==\^|==|!=|\^==|\*==)\s*/.exec(text.slice(at));
      if (!filter) return undefined;
      at += filter[0].length;
      const value = quoted();
      if (value === undefined || !text.startsWith(')]', at) || at + 2 !== text.length) return undefined;
      at += 2;
      steps.push({ kind: 'filter', op: filter[1] as '==', value });
      continue;
    }
    const index = /^\[(\d+)\]/.exec(text.slice(at));
    if (!index) return undefined;
    steps.push({ kind: 'index', index: Number(index[1]) });
    at += index[0].length;
  }
  return steps.length > 0 ? steps : undefined;
}

const MATCH: Record<Extract<JsPathStep, { kind: 'filter' }>['op'], (text: string, pattern: string) => boolean> = {
  '==': (text, pattern) => text === pattern,
  '!=': (text, pattern) => text !== pattern,
  '^==': (text, pattern) => text.startsWith(pattern),
  '==^': (text, pattern) => text.endsWith(pattern),
  '*==': (text, pattern) => text.includes(pattern),
};

/** The value at `path` in the claims (PostgREST's evaluateDeprecatedJSPath); undefined when absent. */
export function evaluateJsPath(claims: unknown, path: JsPath): unknown {
  let value: unknown = claims;
  for (const step of path) {
    if (step.kind === 'key') {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
      value = (value as Record<string, unknown>)[step.key];
    } else if (step.kind === 'index') {
      if (!Array.isArray(value)) return undefined;
      value = value[step.index];
    } else {
      if (!Array.isArray(value)) return undefined;
      value = value.find((item) => typeof item === 'string' && MATCH[step.op](item, step.value));
    }
    if (value === undefined) return undefined;
  }
  return value;
}

/** The role of the claims as PostgREST reads it: a string as is, another JSON value as JSON, absent → anon. */
export function roleFromClaims(claims: unknown, path: JsPath): string {
  const value = evaluateJsPath(claims, path);
  if (value === undefined) return 'anon';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Why the `aud` claim refuses the token, or null (PostgREST's validAud). */
export function audienceError(aud: unknown, expected: string | null): string | null {
  if (aud === undefined) return null;
  const list = typeof aud === 'string' ? [aud] : Array.isArray(aud) && aud.every((item) => typeof item === 'string') ? (aud as string[]) : undefined;
  if (!list) return "The JWT 'aud' claim must be a string or an array of strings";
  if (expected === null) return null;
  if (Array.isArray(aud) && list.length === 0) return null;
  return list.includes(expected) ? null : 'JWT not in audience';
}
