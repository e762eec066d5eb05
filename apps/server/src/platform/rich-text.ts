import { RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '@cue/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the editor, made safe to show: only formatting tags survive; scripts, event
 * handlers, styles and javascript: URLs are removed; links open safely.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: { a: ['href', 'target', 'rel'], span: ['dir'], p: ['dir'] },
    allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  });
}

/** The words of rich text without its tags (what full-text search reads), its common entities decoded. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
