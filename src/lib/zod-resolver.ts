// react-hook-form's resolver for our zod schemas (DESIGN: forms are react-hook-form + zod): the
// schema decides, and the first message of each field is the one shown. A few lines of our own
// instead of a package that also carries zod 3 and native-validation support we never use
// (1.4 kB gzip on every form screen, docs/architecture.md#admin-loading).
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { safeParseAsync, type $ZodType } from 'zod/v4/core';

type ErrorTree = Record<string, unknown>;

/** The first issue of each path, nested the way react-hook-form reads `errors.a.b.message`; `root` for the form itself. */
export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; code?: string; message: string }[]): ErrorTree {
  const errors: ErrorTree = {};
  for (const issue of issues) {
    const path = issue.path.length > 0 ? issue.path.map(String) : ['root'];
    let node = errors;
    for (const key of path.slice(0, -1)) {
      const child = node[key];
      node = typeof child === 'object' && child !== null ? (child as ErrorTree) : (node[key] = {});
    }
    const last = path[path.length - 1] as string;
    node[last] ??= { type: issue.code ?? 'custom', message: issue.message };
  }
  return errors;
}

/** `useForm<Input, unknown, Output>({ resolver: zodResolver(schema) })`: valid values are the schema's output. */
export function zodResolver<Input extends FieldValues, Output>(schema: $ZodType<Output, Input>): Resolver<Input, unknown, Output> {
  return async (values) => {
    const result = await safeParseAsync(schema, values);
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: issuesToErrors(result.error.issues) as FieldErrors<Input> };
  };
}
