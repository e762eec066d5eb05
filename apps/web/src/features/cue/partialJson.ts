/**
 * Reads JSON that may be cut off anywhere, as tool-call arguments are while they stream
 * (`{"date":"21-11-2026","student_attendance_list":[{"student_id":"65a1`).
 *
 * What is complete is kept; an unfinished string value is kept as far as it goes; an unfinished key,
 * a key without its value, an unfinished literal (`tr`) or a lone `-` is left out. Text that is not a
 * beginning of JSON at all gives `undefined`.
 */
export function parsePartialJson(text: string): unknown {
  const parser = new Parser(text);
  try {
    parser.skipSpace();
    if (parser.atEnd()) return undefined;
    const value = parser.value();
    if (value === MISSING) return undefined;
    parser.skipSpace();
    // Anything after a complete value means the text is not JSON.
    if (!parser.atEnd()) return undefined;
    return value;
  } catch (err) {
    if (err instanceof SyntaxError) return undefined;
    throw err;
  }
}

/** `parsePartialJson` for an object: anything else gives `{}`. */
export function parsePartialObject(text: string): Record<string, unknown> {
  const value = parsePartialJson(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A value the text ended before. */
const MISSING = Symbol('missing');
type Parsed = unknown | typeof MISSING;

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Parser {
  private pos = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  skipSpace(): void {
    while (!this.atEnd() && /\s/.test(this.text[this.pos] ?? '')) this.pos += 1;
  }

  private fail(): never {
    throw new SyntaxError(`Unexpected character at ${this.pos}`);
  }

  value(): Parsed {
    this.skipSpace();
    if (this.atEnd()) return MISSING;
    const ch = this.text[this.pos];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') {
      const { value } = this.string();
      return value;
    }
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return this.number();
    return this.literal();
  }

  private object(): Parsed {
    this.pos += 1; // {
    const out: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace();
      if (this.atEnd()) return out;
      if (this.text[this.pos] === '}') {
        this.pos += 1;
        return out;
      }
      if (this.text[this.pos] === ',') {
        this.pos += 1;
        continue;
      }
      if (this.text[this.pos] !== '"') this.fail();
      const key = this.string();
      if (!key.closed) return out;
      this.skipSpace();
      if (this.atEnd()) return out;
      if (this.text[this.pos] !== ':') this.fail();
      this.pos += 1;
      const value = this.value();
      if (value === MISSING) return out;
      out[key.value] = value;
      this.skipSpace();
      if (this.atEnd()) return out;
      const next = this.text[this.pos];
      if (next !== ',' && next !== '}') this.fail();
    }
  }

  private array(): Parsed {
    this.pos += 1; // [
    const out: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.atEnd()) return out;
      if (this.text[this.pos] === ']') {
        this.pos += 1;
        return out;
      }
      if (this.text[this.pos] === ',') {
        this.pos += 1;
        continue;
      }
      const value = this.value();
      if (value === MISSING) return out;
      out.push(value);
      this.skipSpace();
      if (this.atEnd()) return out;
      const next = this.text[this.pos];
      if (next !== ',' && next !== ']') this.fail();
    }
  }

  /** A string from its opening quote; `closed` is false when the text ends inside it. */
  private string(): { value: string; closed: boolean } {
    this.pos += 1; // "
    let value = '';
    while (!this.atEnd()) {
      const ch = this.text[this.pos] as string;
      if (ch === '"') {
        this.pos += 1;
        return { value, closed: true };
      }
      if (ch === '\\') {
        const code = this.text[this.pos + 1];
        if (code === undefined) break;
        if (code === 'u') {
          const hex = this.text.slice(this.pos + 2, this.pos + 6);
          if (hex.length < 4) break;
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail();
          value += String.fromCharCode(Number.parseInt(hex, 16));
          this.pos += 6;
          continue;
        }
        const escaped = ESCAPES[code];
        if (escaped === undefined) this.fail();
        value += escaped;
        this.pos += 2;
        continue;
      }
      value += ch;
      this.pos += 1;
    }
    this.pos = this.text.length;
    return { value, closed: false };
  }

  private number(): Parsed {
    const match = /^-?(\d+(\.\d*)?([eE][+-]?\d*)?)?/.exec(this.text.slice(this.pos));
    const raw = match?.[0] ?? '';
    this.pos += raw.length;
    // A number cut off after '-', '.', 'e' or 'e-' reads as far as it is a number.
    const usable = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(raw)?.[0];
    if (usable === undefined) {
      if (this.atEnd()) return MISSING;
      this.fail();
    }
    if (usable.length < raw.length && !this.atEnd()) this.fail();
    return Number(usable);
  }

  private literal(): Parsed {
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      const rest = this.text.slice(this.pos, this.pos + word.length);
      if (rest === word) {
        this.pos += word.length;
        return value;
      }
      if (this.pos + rest.length === this.text.length && word.startsWith(rest)) {
        this.pos = this.text.length;
        return MISSING;
      }
    }
    this.fail();
  }
}
