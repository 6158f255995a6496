// @vitest-environment jsdom
// Forms are react-hook-form + zod through `zodResolver` of @hookform/resolvers: these tests go through
// `useForm().handleSubmit` as a screen does, so they check where react-hook-form itself puts an error.
import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useForm, type FieldErrors, type FieldValues } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { changePasswordSchema } from '@/features/auth/api/change-password-schema.ts';
import { auth } from '@/lib/messages/auth.ts';

afterEach(cleanup);

const lineSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Vui lòng nhập tên')),
  lines: z.array(
    z.object({
      label: z.string().check(z.minLength(1, 'Vui lòng nhập nhãn')),
      price: z.pipe(z.string(), z.transform((value) => Number(value))),
    }),
  ),
});

const windowSchema = z
  .object({ from: z.string(), to: z.string() })
  .check(z.refine((form) => form.from <= form.to, 'Ngày bắt đầu phải trước ngày kết thúc'));

/** Submits `defaultValues` through useForm + zodResolver(schema): what onValid or onInvalid received. */
async function submit<Input extends FieldValues, Output>(schema: z.ZodMiniType<Output, Input>, defaultValues: Input) {
  const onValid = vi.fn<(values: Output) => void>();
  const onInvalid = vi.fn<(errors: FieldErrors<Input>) => void>();
  const { result } = renderHook(() => useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues: defaultValues as never }));
  await act(() => result.current.handleSubmit(onValid, onInvalid)());
  return { onValid, onInvalid, errors: onInvalid.mock.calls[0]?.[0] };
}

describe('react-hook-form + zodResolver', () => {
  it('valid values reach onValid as the schema\'s output (trimmed, transformed)', async () => {
    const { onValid, onInvalid } = await submit(lineSchema, { name: '  Gói ', lines: [{ label: 'A', price: '12000' }] });
    expect(onInvalid).not.toHaveBeenCalled();
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Gói', lines: [{ label: 'A', price: 12000 }] });
  });

  it('an array item\'s error lands at its index of an array, not under a "1" key of an object', async () => {
    const { onValid, errors } = await submit(lineSchema, {
      name: 'Gói',
      lines: [{ label: 'A', price: '1' }, { label: '', price: '2' }],
    });
    expect(onValid).not.toHaveBeenCalled();
    expect(Array.isArray(errors?.lines)).toBe(true);
    const lines = errors?.lines as unknown as unknown[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBeUndefined();
    expect(errors?.lines?.[1]?.label?.message).toBe('Vui lòng nhập nhãn');
    expect(errors?.name).toBeUndefined();
  });

  it('an object-level refine without a path is reported and blocks the submit', async () => {
    const { onValid, errors } = await submit(windowSchema, { from: '2026-03-02', to: '2026-03-01' });
    expect(onValid).not.toHaveBeenCalled();
    // @hookform/resolvers keys an issue of the whole object by its empty path.
    expect((errors as Record<string, { message?: string } | undefined>)['']?.message).toBe('Ngày bắt đầu phải trước ngày kết thúc');
    expect(errors?.from).toBeUndefined();
  });

  it('an object-level refine given a path shows on that field (change password: the confirmation)', async () => {
    const { onValid, errors } = await submit(changePasswordSchema, {
      currentPassword: 'cu-123456',
      newPassword: 'moi-123456',
      confirmPassword: 'khac-123456',
    });
    expect(onValid).not.toHaveBeenCalled();
    expect(errors?.confirmPassword?.message).toBe(auth.changePassword.mismatch);
    expect(errors?.newPassword).toBeUndefined();
  });
});
