/** Where OTP messages go. `console` prints them on the server's standard output. */
export interface SmsProvider {
  send(phoneWithCountryCode: string, text: string): Promise<void>;
}

export const consoleSmsProvider: SmsProvider = {
  async send(to, text) {
    process.stdout.write(`[sms] to +${to}: ${text}\n`);
  },
};

/** Keeps what was sent, for tests. */
export class MemorySmsProvider implements SmsProvider {
  readonly sent: { to: string; text: string }[] = [];
  async send(to: string, text: string): Promise<void> {
    this.sent.push({ to, text });
  }
}
