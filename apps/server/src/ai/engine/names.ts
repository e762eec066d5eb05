import { distance } from 'fastest-levenshtein';
import { ARABIC, HEBREW } from './rtl-words.js';
import { isNativeWord, latinKeys, NOT_NATIVE_NAMES, nameKeys, nativeKeys, shortKey } from './translit.js';

export interface RosterChild {
  id: string;
  firstName: string;
  lastName: string;
}

export interface NameMatch {
  child: RosterChild;
  /** Where in the text the name was found (a possessive "'s" is not part of it). */
  start: number;
  end: number;
}

/** Remembers a pure function's results for the words it has seen (names and words recur in every sentence). */
const remembered = (f: (s: string) => string) => {
  const cache = new Map<string, string>();
  return (s: string) => {
    let v = cache.get(s);
    if (v === undefined) {
      if (cache.size > 20_000) cache.clear();
      v = f(s);
      cache.set(s, v);
    }
    return v;
  };
};

const normalise = remembered((s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, ''),
);

/** Spelling-insensitive form: long vowels and doubled letters folded ("Kabeer" ~ "Kabir", "Saanvi" ~ "Sanvi"). */
const sound = remembered((s: string) =>
  normalise(s)
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/(.)\1+/g, '$1')
    .replace(/ph/g, 'f')
    .replace(/h(?=[^aeiou]|$)/g, ''),
);

const close = (word: string, name: string) => {
  const [x, y] = [normalise(word), normalise(name)];
  // Too different in length to be one edit or two apart.
  if (Math.abs(x.length - y.length) > 3) return false;
  const [a, b] = [sound(word), sound(name)];
  return a === b || distance(a, b) <= tolerance(b.length) || distance(x, y) <= tolerance(y.length);
};

/** Words that look like names but are not (sentence starts, days, common words). */
const NOT_NAMES = new Set([
  'the',
  'and',
  'but',
  'today',
  'yesterday',
  'tomorrow',
  'everyone',
  'everybody',
  'all',
  'class',
  'here',
  'there',
  'she',
  'he',
  'they',
  'them',
  'her',
  'his',
  'their',
  'mark',
  'may',
  'june',
  'april',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'parents',
  'families',
  'tell',
  'please',
  'absent',
  'present',
  'late',
  'sick',
  'both',
  'except',
  'apart',
  'also',
  'with',
  'blocks',
  'ten',
  'who',
  'was',
  'were',
  'has',
  'had',
  'did',
  'not',
  'off',
  'came',
  'come',
  'sports',
  'day',
  'week',
  'next',
  'last',
  // Ordinary words a letter or two from a child's name.
  'area',
  'arab',
  'are',
  'me',
  'my',
  'we',
  'our',
  'you',
  'ms',
  'mr',
  'mrs',
  'miss',
  'now',
  'new',
  'no',
  'did',
  'mum',
  'dad',
  'nan',
  'ok',
  'okay',
  'one',
  'open',
  'then',
  'than',
  'what',
  'when',
  'other',
  'over',
  'even',
  'more',
  'mine',
  'nice',
  'dear',
  'done',
  'kind',
  'liar',
  'lays',
  'lay',
  'vain',
]);

/** How many edits a word of this length may be off and still name a child (misspellings). */
const tolerance = (length: number) => (length <= 3 ? 0 : length <= 5 ? 1 : 2);

interface Token {
  word: string;
  start: number;
  end: number;
  /** Written with a capital letter ("Meera", not "meera"). */
  capital: boolean;
  /** Written in Arabic or Hebrew letters. */
  native: boolean;
}

const tokens = (text: string): Token[] => {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\u0590-\u05FF\u0600-\u06FF]+['’]?[\u0590-\u05FF\u0600-\u06FF]*|[\p{L}][\p{L}'’-]*/gu)) {
    const start = m.index ?? 0;
    if (isNativeWord(m[0])) {
      const word = m[0].replace(/['’]+$/, '');
      out.push({ word, start, end: start + word.length, capital: false, native: true });
      continue;
    }
    // Possessives and "is": "Meera's" is Meera, and the "'s" stays with the rest of the sentence.
    const word = m[0]
      .replace(/['’]s$/i, '')
      .replace(/['’]$/, '')
      .replace(/-+$/, '');
    out.push({ word, start, end: start + word.length, capital: /^\p{Lu}/u.test(word), native: false });
  }
  return out;
};

/** A word that may name several children (a first name two children share, a spelling close to two names). */
export interface AmbiguousName {
  word: string;
  start: number;
  end: number;
  children: RosterChild[];
}

const foldWord = (w: string) =>
  w
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ך/g, 'כ')
    .replace(/ם/g, 'מ')
    .replace(/ן/g, 'נ')
    .replace(/ף/g, 'פ')
    .replace(/ץ/g, 'צ');

let known: Set<string> | null = null;
/** Every word the Arabic and Hebrew reader knows (statuses, days, questions ...): none of them names a child. */
function knownWords(): Set<string> {
  if (!known) {
    const out = new Set<string>();
    const walk = (v: unknown) => {
      if (typeof v === 'string') {
        for (const w of v.split(/[\s|]+/)) if (w) out.add(foldWord(w));
      } else if (Array.isArray(v)) {
        for (const x of v) walk(x);
      } else if (v && typeof v === 'object') {
        for (const x of Object.values(v)) walk(x);
      }
    };
    walk({ ...ARABIC, prefix: '' });
    walk({ ...HEBREW, prefix: '' });
    known = out;
  }
  return known;
}

/** Letters Arabic (و ف ب ل ك) and Hebrew (ו ה ש ב כ ל מ) write before a word: "وآدم", "ולמאיה". */
const PREFIXES = /^(?:[وفبلك]|[ושבכלמה]{1,2})/;

interface NativeIndex {
  first: { child: RosterChild; keys: Set<string> }[];
  last: Map<string, Set<string>>;
}
const nativeIndexes = new WeakMap<RosterChild[], NativeIndex>();
function nativeIndex(roster: RosterChild[]): NativeIndex {
  let index = nativeIndexes.get(roster);
  if (!index) {
    index = {
      first: roster.map((child) => ({ child, keys: nameKeys(child.firstName) })),
      last: new Map(roster.map((c) => [c.id, nameKeys(c.lastName)])),
    };
    nativeIndexes.set(roster, index);
  }
  return index;
}

const meets = (a: Set<string>, b: Set<string>) => {
  for (const x of a) if (b.has(x)) return true;
  return false;
};

/** Every reading of an Arabic or Hebrew word (whole, or after one or two prefix letters) and the children it names. */
function nativeReadings(word: string, index: NativeIndex): { children: RosterChild[]; skip: number }[] {
  const forms: { form: string; skip: number }[] = [{ form: word, skip: 0 }];
  const prefix = PREFIXES.exec(word)?.[0] ?? '';
  for (let k = 1; k <= prefix.length; k++) if (word.length - k >= 2) forms.push({ form: word.slice(k), skip: k });
  // A word that is an ordinary word with or without its prefix ("ולא" is "and not", "הודעה" a message) names no one.
  if (forms.some(({ form }) => NOT_NATIVE_NAMES.has(form) || knownWords().has(foldWord(form))))
    return forms.map(({ skip }) => ({ children: [] as RosterChild[], skip }));
  return forms.map(({ form, skip }) => {
    const keys = nativeKeys(form);
    const children = index.first
      .filter(({ keys: k }) => {
        for (const key of keys) if (k.has(key) && (!shortKey(key) || [...form].length >= 3)) return true;
        return false;
      })
      .map((x) => x.child);
    return { children, skip };
  });
}

/** The children an Arabic or Hebrew word names, by sound, and how many prefix letters come before the name. */
function nativeCandidates(word: string, index: NativeIndex): { children: RosterChild[]; skip: number } {
  const named = nativeReadings(word, index);
  const whole = named[0] as { children: RosterChild[]; skip: number };
  // "ואיתן" is "and Ethan": the same child without the prefix letter, so the letter is read as "and".
  if (whole.children.length) {
    const same = named.slice(1).find((n) => n.children.length && n.children.every((c) => whole.children.includes(c)));
    // "وريا": "and Riya" (one child) rather than a reading of the whole word that fits two children.
    const single = whole.children.length > 1 ? named.slice(1).find((n) => n.children.length === 1) : undefined;
    if (same || single) return (same ?? single) as { children: RosterChild[]; skip: number };
    // "שנועה": Saanvi, or "that Noa"? Both readings name a child: the engine asks which.
    const other = named.slice(1).flatMap((n) => n.children.filter((c) => !whole.children.includes(c)));
    return other.length ? { children: [...whole.children, ...new Set(other)], skip: 0 } : whole;
  }
  return named.find((n) => n.children.length) ?? whole;
}

/**
 * Finds the children of the roster a text names: full names, first names, possessives and small
 * misspellings ("Meera's", "Kabeer", "aarav sharma"), and names written in Arabic or Hebrew letters
 * ("آدم", "ولمאיה" with their prefixes). A first name shared by two children needs the last name: such
 * a word names no one and is returned among the ambiguous ones (the engine asks which child). A child
 * named twice is found at each place, in the order of the text.
 */
export function findNames(text: string, roster: RosterChild[]): { found: NameMatch[]; ambiguous: AmbiguousName[] } {
  const words = tokens(text);
  // A misspelt name must be written like a name (with a capital), unless the whole text is lower case.
  const anyCapital = /\p{Lu}/u.test(text);
  const mayBeFuzzy = (w: Token) => w.capital || !anyCapital;
  const found: NameMatch[] = [];
  const ambiguous: AmbiguousName[] = [];
  const taken = new Set<number>();
  const byFirst = new Map<string, RosterChild[]>();
  for (const c of roster) {
    const key = normalise(c.firstName);
    byFirst.set(key, [...(byFirst.get(key) ?? []), c]);
  }
  const index = words.some((w) => w.native) || roster.some((c) => isNativeWord(c.firstName)) ? nativeIndex(roster) : null;
  // Full names first.
  for (let i = 0; i < words.length - 1; i++) {
    const a = words[i];
    const b = words[i + 1];
    if (!a || !b || taken.has(i)) continue;
    for (const c of roster) {
      const first = normalise(c.firstName);
      const last = normalise(c.lastName);
      if (!last) continue;
      if (a.native || b.native || isNativeWord(c.firstName)) {
        if (!index) continue;
        // Any reading of the first word ("שנועה לוי" is "that Noa Levi") with the child's last name after it.
        const reading = a.native ? nativeReadings(a.word, index).find((n) => n.children.includes(c)) : undefined;
        const skip = reading?.skip ?? 0;
        const firstOk =
          !!reading || (!a.native && meets(nameKeys(a.word), index.first.find((x) => x.child === c)?.keys ?? new Set()));
        const lastKeys = index.last.get(c.id) ?? new Set<string>();
        const lastOk = b.native
          ? meets(nativeKeys(b.word), lastKeys)
          : normalise(b.word) === last || meets(latinKeys(b.word), lastKeys);
        if (firstOk && lastOk) {
          found.push({ child: c, start: a.start + skip, end: b.end });
          taken.add(i).add(i + 1);
        }
        continue;
      }
      const exactFirst = normalise(a.word) === first;
      const exactLast = normalise(b.word) === last;
      if ((exactFirst || (mayBeFuzzy(a) && close(a.word, first))) && (exactLast || (mayBeFuzzy(b) && close(b.word, last)))) {
        found.push({ child: c, start: a.start, end: b.end });
        taken.add(i).add(i + 1);
      }
    }
  }
  words.forEach((w, i) => {
    if (taken.has(i)) return;
    if (w.native) {
      if (!index) return;
      const { children, skip } = nativeCandidates(w.word, index);
      if (children.length === 1) found.push({ child: children[0] as RosterChild, start: w.start + skip, end: w.end });
      else if (children.length > 1) ambiguous.push({ word: w.word.slice(skip), start: w.start + skip, end: w.end, children });
      return;
    }
    const word = normalise(w.word);
    if (word.length < 2 || NOT_NAMES.has(word)) return;
    const exact = byFirst.get(word);
    let candidates = exact ?? [];
    if (candidates.length === 0 && mayBeFuzzy(w)) {
      const scored = roster
        .filter((c) => !isNativeWord(c.firstName) && word[0] === normalise(c.firstName)[0] && close(word, c.firstName))
        .map((c) => ({ c, d: Math.min(distance(sound(word), sound(c.firstName)), distance(word, normalise(c.firstName))) }));
      const best = Math.min(...scored.map((s) => s.d));
      candidates = scored.filter((s) => s.d === best).map((s) => s.c);
    }
    // A roster written in Arabic or Hebrew letters, named in Latin letters ("Adam" for آدم).
    if (candidates.length === 0 && index && w.capital && word.length >= 3) {
      const keys = latinKeys(w.word);
      candidates = index.first.filter((x) => isNativeWord(x.child.firstName) && meets(keys, x.keys)).map((x) => x.child);
    }
    if (candidates.length === 1) found.push({ child: candidates[0] as RosterChild, start: w.start, end: w.end });
    else if (candidates.length > 1) ambiguous.push({ word: w.word, start: w.start, end: w.end, children: candidates });
  });
  return { found: found.sort((x, y) => x.start - y.start), ambiguous };
}

/** The children a text names, without the ambiguous words (see `findNames`). */
export const findChildren = (text: string, roster: RosterChild[]): NameMatch[] => findNames(text, roster).found;

export const fullName = (c: RosterChild) => `${c.firstName} ${c.lastName}`.trim();
