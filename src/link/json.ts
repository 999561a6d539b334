// UI: a link's JSON as written. A number a double would change (overflow to
// Infinity, or a whole number past 2^53) is kept as written, so that a message
// names it as the link has it; and values are quoted short for messages.

/**
 * A number in a link's JSON that JavaScript cannot hold as written: beyond a
 * double (`1e999`, read as Infinity) or a whole number past 2^53 (`18446744073709551616`,
 * read rounded). It keeps the digits so that a message names the number as written;
 * no field accepts it.
 */
export class Written {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
  /** Why no setting takes it. */
  why(): string {
    return Number.isFinite(Number(this.text))
      ? 'a whole number beyond 2^53, which a link cannot carry exactly'
      : 'beyond the largest number a link can carry (about 1.8e308)';
  }
}

/** Quotes a value from the link for a message: short, plain text. */
export function shown(v: unknown): string {
  let s: string;
  try {
    s = v instanceof Written ? v.text : typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** JSON strings (skipped) and numbers, as JSON writes them. */
const JSON_TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * Parses a link's JSON, keeping each number that a double would change (overflow to
 * Infinity, or a whole number past 2^53) as `Written`, so it is named as written.
 */
export function parseLinkJson(json: string): unknown {
  let marker = '\u0000n';
  while (json.includes(marker)) marker += 'n';
  let found = false;
  const text = json.replace(JSON_TOKENS, (tok) => {
    if (tok.startsWith('"') || (tok.length < 16 && !/[eE]/.test(tok))) return tok;
    const x = Number(tok);
    const lost = !Number.isFinite(x) || (/^-?\d+$/.test(tok) && !Number.isSafeInteger(x));
    if (!lost) return tok;
    found = true;
    return JSON.stringify(marker + tok);
  });
  if (!found) return JSON.parse(json);
  return JSON.parse(text, (_k, v: unknown) => (typeof v === 'string' && v.startsWith(marker) ? new Written(v.slice(marker.length)) : v));
}
