import { distance } from 'fastest-levenshtein';

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
}

const tokens = (text: string): Token[] => {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}][\p{L}'’-]*/gu)) {
    // Possessives and "is": "Meera's" is Meera, and the "'s" stays with the rest of the sentence.
    const word = m[0]
      .replace(/['’]s$/i, '')
      .replace(/['’]$/, '')
      .replace(/-+$/, '');
    const start = m.index ?? 0;
    out.push({ word, start, end: start + word.length, capital: /^\p{Lu}/u.test(word) });
  }
  return out;
};

/**
 * Finds the children of the roster a text names: full names, first names, possessives and small
 * misspellings ("Meera's", "Kabeer", "aarav sharma"). A first name shared by two children needs the
 * last name; an unclear word names no one (the engine never invents a child). A child named twice is
 * found at each place, in the order of the text.
 */
export function findChildren(text: string, roster: RosterChild[]): NameMatch[] {
  const words = tokens(text);
  // A misspelt name must be written like a name (with a capital), unless the whole text is lower case.
  const anyCapital = /\p{Lu}/u.test(text);
  const mayBeFuzzy = (w: Token) => w.capital || !anyCapital;
  const found: NameMatch[] = [];
  const taken = new Set<number>();
  const byFirst = new Map<string, RosterChild[]>();
  for (const c of roster) {
    const key = normalise(c.firstName);
    byFirst.set(key, [...(byFirst.get(key) ?? []), c]);
  }
  // Full names first.
  for (let i = 0; i < words.length - 1; i++) {
    const a = words[i];
    const b = words[i + 1];
    if (!a || !b) continue;
    for (const c of roster) {
      const first = normalise(c.firstName);
      const last = normalise(c.lastName);
      if (!last) continue;
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
    const word = normalise(w.word);
    if (word.length < 2 || NOT_NAMES.has(word)) return;
    const exact = byFirst.get(word);
    let candidates = exact ?? [];
    if (candidates.length === 0 && mayBeFuzzy(w)) {
      const scored = roster
        .filter((c) => word[0] === normalise(c.firstName)[0] && close(word, c.firstName))
        .map((c) => ({ c, d: Math.min(distance(sound(word), sound(c.firstName)), distance(word, normalise(c.firstName))) }));
      const best = Math.min(...scored.map((s) => s.d));
      candidates = scored.filter((s) => s.d === best).map((s) => s.c);
    }
    if (candidates.length === 1) {
      const child = candidates[0] as RosterChild;
      found.push({ child, start: w.start, end: w.end });
    }
  });
  return found.sort((x, y) => x.start - y.start);
}

export const fullName = (c: RosterChild) => `${c.firstName} ${c.lastName}`.trim();
