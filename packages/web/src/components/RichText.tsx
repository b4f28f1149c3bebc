import { createElement, Fragment } from 'react';
import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RICH_TEXT_TAGS, isRichText, localisedText } from '@rada/core';

const TAGS = new Set(RICH_TEXT_TAGS);
const VOID = new Set(['br', 'hr']);
const SAFE_LINK = /^(?:https?:|mailto:|tel:)/i;

/** React elements for a parsed node: allowed tags and a link's safe href only; text as text. */
function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const children = [...el.childNodes].map(toReact);
  const tag = el.tagName.toLowerCase();
  // A tag outside the list keeps its text, not itself (and a script or style not even that).
  if (!TAGS.has(tag)) {
    return tag === 'script' || tag === 'style' ? null : createElement(Fragment, { key }, children);
  }
  if (VOID.has(tag)) return createElement(tag, { key });
  const props: Record<string, unknown> = { key };
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    if (SAFE_LINK.test(href.trim())) props.href = href.trim();
    props.target = '_blank';
    props.rel = 'noopener noreferrer';
  }
  if (tag === 'ol') {
    const start = Number(el.getAttribute('start'));
    if (Number.isInteger(start)) props.start = start;
  }
  return createElement(tag, props, children);
}

/**
 * A text of the event's organisers (spec 01 §4: KP long descriptions, messages to teams): HTML
 * from the editor is shown formatted, a plain text as written. The HTML was sanitised by the
 * server, and is not trusted here either: it is parsed into a document that runs nothing and
 * rebuilt element by element from an allowlist, never set as HTML.
 */
export function RichText({
  text,
  sx,
  'data-testid': testId,
}: {
  text: string;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}) {
  if (!isRichText(text)) {
    return (
      <Box
        sx={[{ whiteSpace: 'pre-wrap' }, ...(Array.isArray(sx) ? sx : [sx])]}
        data-testid={testId}
      >
        {text}
      </Box>
    );
  }
  const body = new DOMParser().parseFromString(text, 'text/html').body;
  return (
    <Box
      sx={[
        { '& > :first-of-type': { mt: 0 }, '& > :last-child': { mb: 0 }, '& p': { my: 0.75 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      data-testid={testId}
      data-rich="1"
    >
      {[...body.childNodes].map(toReact)}
    </Box>
  );
}

/** The reader's copy of the text at `key` of `doc` (its `{key}_i18n`), else the default one. */
export function useReaderText(): (doc: object, key: string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (doc, key) => localisedText(doc, key, lang);
}
