/**
 * A small XML reader for GPX files, enough for waypoints from any tool: elements, attributes,
 * text with the five named entities and numeric references, CDATA; comments, processing
 * instructions and DOCTYPE are skipped. Namespaces are not resolved (names keep their prefix).
 * Unclosed or mismatched end tags are tolerated; a file without a root element is refused.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: (XmlElement | string)[];
  /** The line of the start tag (1-based). */
  line: number;
}

/** Why XML text could not be read; `line` is where the broken construct starts, when there is one. */
export class XmlSyntaxError extends Error {
  readonly line: number | null;

  constructor(message: string, line: number | null) {
    super(line === null ? message : `${message} on line ${line}`);
    this.name = 'XmlSyntaxError';
    this.line = line;
  }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Replaces entity and character references; unknown or invalid ones are kept as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : whole;
  });
}

export { escapeXml } from '../xmlText.ts';

/** The name without its namespace prefix: `rada:kp` → `kp`. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** The element's text with that of all its descendants. */
export function textOf(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

/** The child elements, optionally only those with a local name. */
export function childElements(el: XmlElement, local?: string): XmlElement[] {
  return el.children.filter(
    (c): c is XmlElement =>
      typeof c !== 'string' && (local === undefined || localName(c.name) === local),
  );
}

/** Deeper nesting is refused: GPX needs a handful of levels, and depth costs time per end tag. */
export const XML_MAX_DEPTH = 256;

const TAG_NAME = /[^\s/>]+/y;
const ATTRIBUTE = /([^\s=/>]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/**
 * Parses XML text into its root element; throws an XmlSyntaxError with a short reason and the
 * line when it cannot (no line when the text holds no element at all).
 */
export function parseXml(text: string): XmlElement {
  const n = text.length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let line = 1;
  let counted = 0;
  const lineAt = (pos: number) => {
    for (; counted < pos; counted++) if (text.charCodeAt(counted) === 10) line++;
    return line;
  };
  const addText = (t: string) => {
    const top = stack[stack.length - 1];
    if (top && t !== '') top.children.push(t);
  };
  const skipTo = (from: number, end: string, what: string) => {
    const at = text.indexOf(end, from);
    if (at < 0) throw new XmlSyntaxError(`unclosed ${what}`, lineAt(from));
    return at + end.length;
  };
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0 || lt > i) addText(decodeEntities(text.slice(i, lt < 0 ? n : lt)));
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) i = skipTo(lt + 4, '-->', 'comment');
    else if (text.startsWith('<![CDATA[', lt)) {
      i = skipTo(lt + 9, ']]>', 'CDATA section');
      addText(text.slice(lt + 9, i - 3));
    } else if (text.startsWith('<?', lt)) i = skipTo(lt + 2, '?>', 'processing instruction');
    else if (text.startsWith('<!', lt)) {
      let depth = 0;
      let j = lt + 2;
      for (; j < n; j++) {
        const c = text[j];
        if (c === '[') depth++;
        else if (c === ']') depth--;
        else if (c === '>' && depth <= 0) break;
      }
      i = j + 1;
    } else if (text[lt + 1] === '/') {
      i = skipTo(lt, '>', 'end tag');
      const name = text.slice(lt + 2, i - 1).trim();
      let at = stack.length - 1;
      while (at >= 0 && stack[at]!.name !== name) at--;
      if (at >= 0) stack.length = at;
    } else i = readStartTag(lt);
  }
  if (!root) throw new XmlSyntaxError('no root element', null);
  return root;

  function readStartTag(lt: number): number {
    TAG_NAME.lastIndex = lt + 1;
    const nameMatch = TAG_NAME.exec(text);
    if (!nameMatch) throw new XmlSyntaxError('bad tag', lineAt(lt));
    const el: XmlElement = { name: nameMatch[0], attrs: {}, children: [], line: lineAt(lt) };
    let j = lt + 1 + nameMatch[0].length;
    let selfClosing = false;
    for (;;) {
      while (j < n && /\s/.test(text[j]!)) j++;
      if (j >= n) throw new XmlSyntaxError(`unclosed tag <${el.name}>`, el.line);
      if (text[j] === '>') break;
      if (text.startsWith('/>', j)) {
        selfClosing = true;
        j++;
        break;
      }
      ATTRIBUTE.lastIndex = j;
      const attr = ATTRIBUTE.exec(text);
      if (!attr) throw new XmlSyntaxError('bad attribute', lineAt(j));
      el.attrs[attr[1]!] = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '');
      j += attr[0].length;
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (!root) root = el;
    else return j + 1; // a second root element is ignored
    if (!selfClosing) {
      if (stack.length >= XML_MAX_DEPTH) throw new XmlSyntaxError('too deeply nested', el.line);
      stack.push(el);
    }
    return j + 1;
  }
}
