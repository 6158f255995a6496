// Starts the enrolment of an authenticator app (supabase.auth.mfa.enroll, TOTP): an unverified
// factor, its QR code (SVG) and the secret to type by hand. It becomes a factor once a code is
// verified (mfa-verify-mutation.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { supabase } from '@/lib/supabase/supabase.ts';
import { mfaKeys } from './mfa-keys.ts';

export const enrolmentSchema = z.object({
  id: z.string(),
  totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
});

export interface Enrolment {
  factorId: string;
  /** A data: URL of the QR code's SVG, safe to put in <img src>. */
  qrCodeUrl: string;
  secret: string;
  uri: string;
}

const SVG_DATA_PREFIX = /^data:image\/svg\+xml;[^,]*,/;

/**
 * supabase-js prefixes the SVG with "data:image/svg+xml;utf-8," without encoding it; a "#" in the
 * SVG (its colours) would end such a URL, so the SVG is encoded again here.
 */
export function qrCodeDataUrl(qrCode: string): string {
  const svg = qrCode.replace(SVG_DATA_PREFIX, '');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export async function enrollTotp(friendlyName: string): Promise<Enrolment> {
  const name = friendlyName.trim();
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', ...(name !== '' ? { friendlyName: name } : {}) });
  if (error) throw error;
  const enrolment = enrolmentSchema.parse(data);
  return { factorId: enrolment.id, qrCodeUrl: qrCodeDataUrl(enrolment.totp.qr_code), secret: enrolment.totp.secret, uri: enrolment.totp.uri };
}

export function useEnrollTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollTotp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}
