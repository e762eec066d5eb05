import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from './ids.js';

/**
 * HTML for an email body. Only `html` (which escapes every interpolated value) and `trustedHtml` (for
 * markup that was already sanitised, such as an announcement's rich text) make one, so a person's
 * name or a school's name can never reach an email as markup.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** A tagged template: html`<p>Dear ${name},</p>` escapes `name`; a SafeHtml value is put in as it is. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const part = value instanceof SafeHtml ? value.value : escapeHtml(value === null || value === undefined ? '' : String(value));
    out += part + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Markup that has been sanitised already (e.g. by the rich-text sanitiser). */
export const trustedHtml = (markup: string): SafeHtml => new SafeHtml(markup);

export interface EmailMessage {
  to: string;
  subject: string;
  html: SafeHtml;
  /** The school the email is sent for: the outbox lists a school's emails to that school only. */
  schoolId: string;
}

/** An email as the outbox keeps it. */
export interface OutboxEntry {
  id: string;
  created_at: string;
  to: string;
  subject: string;
  html: string;
  school_id: string;
}

/** Where emails go: SMTP when configured, else an outbox folder in the data directory. */
export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
  /** The latest messages of one school, where the provider keeps them (the outbox). */
  recent?(limit: number, schoolId: string): Promise<OutboxEntry[]>;
}

export class OutboxEmailProvider implements EmailProvider {
  constructor(private readonly dir: string) {}

  async send(message: EmailMessage): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const id = `${Date.now()}-${newId()}`;
    const entry: OutboxEntry = {
      id,
      created_at: new Date().toISOString(),
      to: message.to,
      subject: message.subject,
      html: message.html.value,
      school_id: message.schoolId,
    };
    await fs.writeFile(path.join(this.dir, `${id}.json`), JSON.stringify(entry, null, 2));
  }

  async recent(limit: number, schoolId: string): Promise<OutboxEntry[]> {
    const files = (await fs.readdir(this.dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    const found: OutboxEntry[] = [];
    for (const f of files) {
      if (found.length >= limit) break;
      const entry = await fs
        .readFile(path.join(this.dir, f), 'utf8')
        .then((text) => JSON.parse(text) as Partial<OutboxEntry>)
        .catch(() => null);
      // Entries without a school (written before emails recorded theirs) belong to nobody.
      if (entry?.school_id === schoolId) found.push(entry as OutboxEntry);
    }
    return found;
  }
}

export class SmtpEmailProvider implements EmailProvider {
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, html: message.html.value });
  }
}
