import { describe, expect, it } from 'vitest';
import { html, SafeHtml } from '../../platform/email.js';
import { renderEmail } from './render.js';

const inner = (markup: string) => markup.replace(/^<div[^>]*>\n?/, '').replace(/\n?<\/div>$/, '');

describe('renderEmail', () => {
  it('escapes text values and the template text, and puts markup values in as given', () => {
    const out = renderEmail({ subject: 'Hi {{name}}', body: 'Dear {{name}} & co,\n\n{{message}}\n\nSee {{list}} here' }, 'en', {
      name: '<script>alert(1)</script>',
      message: html`<p>${'<b>'}</p>`,
      list: new SafeHtml('<em>books</em>'),
    });
    expect(out.html.value).toContain('<p>Dear &lt;script&gt;alert(1)&lt;/script&gt; &amp; co,</p>');
    expect(out.html.value).not.toContain('<script>');
    // A paragraph made only of one markup value keeps that markup's own blocks, no <p> around them.
    expect(inner(out.html.value)).toContain('\n<p>&lt;b&gt;</p>\n');
    expect(out.html.value).toContain('<p>See <em>books</em> here</p>');
    // The subject is plain text: the value is not escaped (the provider encodes it).
    expect(out.subject).toBe('Hi <script>alert(1)</script>');
  });

  it('strips markup from a subject and keeps it on one line', () => {
    const out = renderEmail({ subject: '{{title}}:\n {{message}}', body: 'x' }, 'en', {
      title: 'News',
      message: new SafeHtml('<p>Bring <b>boots</b> &amp; hats</p>'),
    });
    expect(out.subject).toBe('News: Bring boots & hats');
  });

  it('makes paragraphs of blank lines and line breaks of single ones', () => {
    const out = renderEmail({ subject: 's', body: 'One\ntwo\r\n\r\n\n  Three  \n\n\n' }, 'en', {});
    expect(inner(out.html.value)).toBe('<p>One<br>two</p>\n<p>Three</p>');
  });

  it('leaves out a line whose values are all empty, and keeps lines with some text', () => {
    const out = renderEmail({ subject: 's', body: 'Given by {{by}}.\nWitnessed by {{witness}}.\n\n{{note}}' }, 'en', {
      by: 'Tara',
      witness: '',
      note: '',
    });
    expect(inner(out.html.value)).toBe('<p>Given by Tara.</p>');
  });

  it('renders an unknown placeholder empty and lists it', () => {
    const out = renderEmail({ subject: '{{title}} {{nope}}', body: 'Hi {{first_name}} {{mystery}}' }, 'en', {
      title: 'T',
      first_name: 'Rohan',
    });
    expect(out.unknown).toEqual(['nope', 'mystery']);
    expect(out.subject).toBe('T');
    expect(out.html.value).toContain('<p>Hi Rohan </p>');
    expect(out.html.value).not.toContain('{{');
  });

  it('makes a web address value a link, escaped', () => {
    const out = renderEmail({ subject: 's', body: 'Sign in: {{link}}' }, 'en', { link: 'https://cue.example/?a=1&b=2' });
    expect(out.html.value).toContain('<a href="https://cue.example/?a=1&amp;b=2">https://cue.example/?a=1&amp;b=2</a>');
    const bad = renderEmail({ subject: 's', body: '{{link}}' }, 'en', { link: 'javascript:alert(1)' });
    expect(bad.html.value).not.toContain('<a ');
  });

  it('lays Arabic and Hebrew out right to left and English left to right', () => {
    for (const language of ['ar', 'he'] as const) {
      const out = renderEmail({ subject: 's', body: 'مرحباً' }, language, {});
      expect(out.html.value).toMatch(new RegExp(`^<div dir="rtl" lang="${language}" style="direction:rtl;text-align:right;`));
      expect(out.html.value).toContain('max-width:600px');
    }
    expect(renderEmail({ subject: 's', body: 'Hi' }, 'en', {}).html.value).toMatch(
      /^<div dir="ltr" lang="en" style="direction:ltr;text-align:left;/,
    );
  });
});
