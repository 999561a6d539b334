// Tests (Node): rendered markup as stable, reviewable text for snapshot tests of the charts
// (SVG) and the explorer's HTML views: one element per line, indented; numbers
// in attributes rounded to 2 decimals; generated ids (a gradient's random id)
// renumbered in document order, with the references to them.

import { num } from './recordingContext';

const SVG_NS = 'http://www.w3.org/2000/svg';
const HTML_NS = 'http://www.w3.org/1999/xhtml';
/** HTML elements that have no end tag; other empty HTML elements are written open and closed. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const escText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (s: string) => escText(s).replace(/"/g, '&quot;');

/** Decimal numbers (not integers: they are stable already) in an attribute value, rounded. */
const roundNumbers = (s: string) => s.replace(/-?(?:\d+\.\d+|\.\d+)(?:e[-+]?\d+)?/gi, (m) => num(Number(m)));

/**
 * `root` and everything under it as indented markup. A root <svg> gets its namespace, so the
 * snapshot file opens as a picture. Whitespace-only text between elements is dropped; an element that
 * holds text is written on one line, its text as is.
 */
export function markup(node: Element): string {
  // Adjacent text nodes (React writes `{a} ({b})` as several) read as one.
  const root = node.cloneNode(true) as Element;
  root.normalize();
  const ids = new Map<string, string>();
  for (const el of [root, ...root.querySelectorAll('[id]')]) {
    const id = el.getAttribute('id');
    if (id && !ids.has(id)) ids.set(id, `id-${ids.size + 1}`);
  }
  const renumber = (v: string) => v.replace(/#([\w-]+)/g, (m, id: string) => (ids.has(id) ? `#${ids.get(id)}` : m));
  const lines: string[] = [];
  const openTag = (el: Element) => {
    const attrs = [...el.attributes].map((a) => {
      const v = a.name === 'id' ? (ids.get(a.value) ?? a.value) : renumber(roundNumbers(a.value));
      return ` ${a.name}="${escAttr(v)}"`;
    });
    if (el === root && el.namespaceURI === SVG_NS && !el.hasAttribute('xmlns')) attrs.unshift(` xmlns="${SVG_NS}"`);
    return `<${el.localName}${attrs.join('')}`;
  };
  const empty = (el: Element) =>
    el.namespaceURI !== HTML_NS || VOID.has(el.localName) ? `${openTag(el)}/>` : `${openTag(el)}></${el.localName}>`;
  /** An element on one line: where it holds text, a line break would add to the text. */
  const inline = (el: Element): string => {
    if (el.childNodes.length === 0) return empty(el);
    const inner = [...el.childNodes]
      .map((n) => (n.nodeType === 1 ? inline(n as Element) : n.nodeType === 3 ? escText(n.textContent ?? '') : ''))
      .join('');
    return `${openTag(el)}>${inner}</${el.localName}>`;
  };
  const walk = (el: Element, depth: number) => {
    const pad = '  '.repeat(depth);
    const kids = [...el.childNodes].filter((n) => n.nodeType === 1 || (n.nodeType === 3 && n.textContent!.trim() !== ''));
    if (kids.length === 0) return void lines.push(pad + empty(el));
    if (kids.some((n) => n.nodeType === 3)) return void lines.push(pad + inline(el));
    lines.push(`${pad}${openTag(el)}>`);
    for (const k of kids) walk(k as Element, depth + 1);
    lines.push(`${pad}</${el.localName}>`);
  };
  walk(root, 0);
  return lines.join('\n') + '\n';
}
