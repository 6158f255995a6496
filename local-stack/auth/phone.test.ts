import { describe, expect, it } from 'vitest';
import { checkChannel, formatPhone, normalisePhone } from './phone.ts';

describe('phone numbers as Supabase Auth keeps them', () => {
  it('drops the "+" and spaces, then requires E.164 digits', () => {
    expect(normalisePhone('+84 90 123 4567')).toBe('84901234567');
    expect(normalisePhone('84901234567')).toBe('84901234567');
    for (const bad of ['', '+', '0901234567', '84-90-123', '+84901234567890123', 'abc']) {
      expect(() => normalisePhone(bad), bad).toThrow('Invalid phone number format (E.164 required)');
    }
    // The password grant only formats (an unknown format then finds no user).
    expect(formatPhone('+84 90-123')).toBe('8490-123');
  });

  it('accepts the sms channel (or none); whatsapp needs Twilio, which the local stack has not', () => {
    expect(() => checkChannel({})).not.toThrow();
    expect(() => checkChannel({ channel: 'sms' })).not.toThrow();
    expect(() => checkChannel({ channel: 'whatsapp' })).toThrow(/Invalid channel/);
  });
});
