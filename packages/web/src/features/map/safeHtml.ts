/**
 * Leaflet writes the strings it is given (layer names in the switcher, credits in the
 * attribution control, divIcon HTML, tooltip strings) into the page as HTML. Every text a person
 * gave (layer titles and credits, KP numbers, team names) reaches it through these helpers only,
 * so it shows as typed and never becomes an element.
 */

/** Text made safe for HTML, also inside a quoted attribute value. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A web address inside a credit, up to a space, a quote or an angle bracket. */
const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address before it. */
const TRAILING = /[.,;:!?)\]]+$/;

/** The address as an http(s) URL, or null when it is not one. */
function webUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The HTML of a credit the organiser typed (a layer's `attribution`): the text as text, each
 * http(s) address in it a link to that address opening in a new tab. Nothing else becomes HTML:
 * tags and entities show as typed.
 */
export function creditHtml(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const href = webUrl(address);
    if (!href) continue;
    html += escapeHtml(text.slice(from, match.index));
    html +=
      `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">` +
      `${escapeHtml(address)}</a>`;
    from = match.index + address.length;
  }
  return html + escapeHtml(text.slice(from));
}
