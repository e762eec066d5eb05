import { type Language, placeholdersIn, RTL_LANGUAGES } from '@cue/contract';
import { escapeHtml, SafeHtml } from '../../platform/email.js';

/** The values of one email: text (escaped when rendered) or markup the product made itself. */
export type EmailValues = Record<string, string | SafeHtml>;

export interface RenderedEmail {
  /** Plain text: the provider encodes it; it never carries markup. */
  subject: string;
  /** The whole email's markup: the body inside a wrapper laid out in the language's direction. */
  html: SafeHtml;
  /** Placeholders the template uses that no value was given for (rendered empty). */
  unknown: string[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]*)\s*\}\}/g;
const LINK = /^https?:\/\/[^\s<>"']+$/;

/** A text value as markup: escaped; a web address becomes a link so that a sign-in link can be followed. */
function textValue(value: string): string {
  const safe = escapeHtml(value);
  return LINK.test(value) ? `<a href="${safe}">${safe}</a>` : safe;
}

/** Markup as plain text (an html value put in a subject): its tags dropped, its entities read, spaces collapsed. */
function plain(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The subject: values put in as they are (plain text), markup stripped, on one line. */
function renderSubject(subject: string, values: EmailValues): string {
  return subject
    .replace(PLACEHOLDER, (_m, name: string) => {
      const value = values[name];
      if (value === undefined) return '';
      return value instanceof SafeHtml ? plain(value.value) : value;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One line of the body as markup: the template's own text escaped (a body is plain text), each value
 * escaped or, for markup values, put in as it is. A line whose placeholders all came out empty is left
 * out (null), so that "Injury: {{injury}}" disappears when there was none.
 */
function renderLine(line: string, values: EmailValues): string | null {
  let out = '';
  let last = 0;
  let used = 0;
  let filled = 0;
  for (const m of line.matchAll(PLACEHOLDER)) {
    out += escapeHtml(line.slice(last, m.index));
    last = (m.index ?? 0) + m[0].length;
    used++;
    const value = values[m[1] ?? ''];
    const markup = value === undefined ? '' : value instanceof SafeHtml ? value.value : textValue(value);
    if (markup.trim()) filled++;
    out += markup;
  }
  out += escapeHtml(line.slice(last));
  if (used > 0 && filled === 0) return null;
  return out;
}

/**
 * The body's markup: a blank line starts a paragraph, a line break stays a line break. A paragraph
 * made only of one markup value (an announcement's text, a list of books) is put in without a <p>
 * around it, since that markup brings its own blocks.
 */
function renderBody(body: string, values: EmailValues): string {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const paragraph of paragraphs) {
    const only = /^\{\{\s*([A-Za-z0-9_.-]*)\s*\}\}$/.exec(paragraph);
    const value = only ? values[only[1] ?? ''] : undefined;
    if (value instanceof SafeHtml) {
      if (value.value.trim()) out.push(value.value);
      continue;
    }
    const lines = paragraph
      .split('\n')
      .map((l) => renderLine(l.trim(), values))
      .filter((l): l is string => l !== null && l !== '');
    if (lines.length) out.push(`<p>${lines.join('<br>')}</p>`);
  }
  return out.join('\n');
}

const FONT = "-apple-system,'Segoe UI',Roboto,Arial,'Noto Sans Arabic','Noto Sans Hebrew',sans-serif";

/**
 * An email from its template: the subject as plain text, the body as escaped markup inside a wrapper
 * that sets the language and the direction (right to left for Arabic and Hebrew). Placeholders without
 * a value render empty and are listed in `unknown`. The school's name at the end is part of each body
 * template, not of this layout.
 */
export function renderEmail(template: { subject: string; body: string }, language: Language, values: EmailValues): RenderedEmail {
  const rtl = RTL_LANGUAGES.includes(language);
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  const unknown = [...new Set([...placeholdersIn(template.subject), ...placeholdersIn(template.body)])].filter(
    (name) => values[name] === undefined,
  );
  const body = renderBody(template.body, values);
  const html = new SafeHtml(
    `<div dir="${dir}" lang="${language}" style="direction:${dir};text-align:${align};font-family:${FONT};font-size:16px;line-height:1.5;color:#1f2933;max-width:600px;margin:0 auto;padding:16px">\n${body}\n</div>`,
  );
  return { subject: renderSubject(template.subject, values), html, unknown };
}
