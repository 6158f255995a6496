// The SMS of the Auth server (phone sign-up and sign-in codes, phone change, reauthentication): with
// no SMS provider configured locally — `supabase start` has none either unless [auth.sms.twilio] or
// another is set — every SMS lands in the local mailbox beside the e-mails (tag "sms"), so that a
// developer reads the code there and a test reads it through the mailbox's JSON API.
//
// The text is [auth.sms] template with `{{ .Code }}` replaced by the code (the one placeholder of
// Auth's SMS template). [auth.rate_limit] sms_sent: with confirmations on ([auth.sms]
// enable_confirmations, as Supabase Auth applies it: not for an autoconfirming instance, never for
// test OTPs), at most that many SMS leave per rolling hour for the whole instance.
import type { Mailbox } from './mailbox.ts';
import { EmailBudget } from './mailer.ts';

/** Thrown when the hourly SMS budget is used up (Auth answers 429 over_sms_send_rate_limit). */
export class SmsRateLimitExceeded extends Error {
  constructor() {
    super('SMS rate limit exceeded');
  }
}

/** The SMS text of a Go template with `{{ .Code }}` placeholders. */
export function renderSms(template: string, code: string): string {
  return template.replace(/\{\{-?\s*\.Code\s*-?\}\}/g, code);
}

export class SmsSender {
  private readonly budget: EmailBudget | undefined;

  constructor(
    private readonly mailbox: Mailbox,
    private readonly template: string,
    perHour: number | undefined,
  ) {
    this.budget = perHour === undefined ? undefined : new EmailBudget(perHour);
  }

  /** Sends the code to `phone` (digits, as Auth stores it); the message's id (Auth's message_id). */
  send(phone: string, code: string): string {
    if (this.budget && !this.budget.take()) throw new SmsRateLimitExceeded();
    return this.mailbox.addSms(phone, renderSms(this.template, code)).ID;
  }
}
