import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { issuesToErrors, zodResolver } from './zod-resolver.ts';

const schema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, 'Vui lòng nhập tên'), z.maxLength(5, 'Tối đa 5 ký tự')),
    price: z.pipe(z.string(), z.transform((value) => Number(value))),
    address: z.object({ city: z.string().check(z.minLength(1, 'Vui lòng nhập thành phố')) }),
  });

const run = (values: unknown) =>
  zodResolver(schema)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('zodResolver', () => {
  it('valid values come back as the schema\'s output (trimmed, transformed), with no errors', async () => {
    await expect(run({ name: '  Lan ', price: '12000', address: { city: 'Huế' } })).resolves.toEqual({
      values: { name: 'Lan', price: 12000, address: { city: 'Huế' } },
      errors: {},
    });
  });

  it('each invalid field gets its first message, nested fields included, and no values', async () => {
    const result = await run({ name: '   ', price: '1', address: { city: '' } });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      name: { type: 'too_small', message: 'Vui lòng nhập tên' },
      address: { city: { type: 'too_small', message: 'Vui lòng nhập thành phố' } },
    });
  });

  it('an issue of the whole form lands on `root`; a later issue of the same field does not replace the first', () => {
    expect(
      issuesToErrors([
        { path: [], code: 'custom', message: 'Biểu mẫu không hợp lệ' },
        { path: ['code'], code: 'too_small', message: 'first' },
        { path: ['code'], code: 'invalid_format', message: 'second' },
      ]),
    ).toEqual({ root: { type: 'custom', message: 'Biểu mẫu không hợp lệ' }, code: { type: 'too_small', message: 'first' } });
  });
});
