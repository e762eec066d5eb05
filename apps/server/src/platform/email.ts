import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from './ids.js';

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
}

/** Where emails go: SMTP when configured, else an outbox folder in the data directory. */
export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
  /** The latest messages, where the provider keeps them (the outbox). */
  recent?(limit: number): Promise<(EmailMessage & { id: string; created_at: string })[]>;
}

export class OutboxEmailProvider implements EmailProvider {
  constructor(private readonly dir: string) {}

  async send(message: EmailMessage): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const id = `${Date.now()}-${newId()}`;
    await fs.writeFile(
      path.join(this.dir, `${id}.json`),
      JSON.stringify({ id, created_at: new Date().toISOString(), ...message }, null, 2),
    );
  }

  async recent(limit: number) {
    const files = (await fs.readdir(this.dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()
      .slice(0, limit);
    return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(this.dir, f), 'utf8'))));
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
    await this.transport.sendMail({ from: this.from, ...message });
  }
}
