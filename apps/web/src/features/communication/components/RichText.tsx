import { RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '@cue/contract';
import { Typography } from '@mantine/core';
import { createElement, Fragment, type ReactNode, useMemo } from 'react';

/**
 * Stored rich text shown safely. The server already sanitises every summary (sanitize-html: no
 * script, no event handlers, no javascript: URLs). As a second line of defence the browser does not
 * get the HTML as markup at all: it is parsed into an inert document (DOMParser runs no script and
 * loads nothing) and rebuilt as React elements from an allow-list of formatting tags. Attributes are
 * dropped except a link's href, kept only for http(s), mailto and tel. So no dangerouslySetInnerHTML.
 */
const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const VOID = new Set(['br', 'hr']);
const SAFE_HREF = new RegExp(`^(${RICH_TEXT_LINK_SCHEMES.join('|')}):`, 'i');

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes).map((child, i) => convert(child, `${key}.${i}`));
  // A tag outside the list keeps its text (its formatting is lost), never its markup.
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  const props: Record<string, string> = { key };
  const dir = element.getAttribute('dir');
  if (dir === 'rtl' || dir === 'ltr' || dir === 'auto') props.dir = dir;
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (!SAFE_HREF.test(href)) return createElement(Fragment, { key }, ...children);
    props.href = href;
    props.target = '_blank';
    props.rel = 'noopener noreferrer nofollow';
  }
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

/** The elements of a stored summary (empty for none). */
export function richTextNodes(html: string): ReactNode[] {
  if (!html.trim() || typeof DOMParser === 'undefined') return [];
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes).map((child, i) => convert(child, String(i)));
}

export function RichText({ html, testId = 'rich-text' }: { html: string; testId?: string }) {
  const nodes = useMemo(() => richTextNodes(html), [html]);
  if (nodes.length === 0) return null;
  return (
    <Typography data-testid={testId} fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {nodes}
    </Typography>
  );
}

/** Plain text of a summary for one-line previews in lists. */
export function plainText(html: string): string {
  if (!html.trim() || typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
