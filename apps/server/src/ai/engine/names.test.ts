import { describe, expect, it } from 'vitest';
import { findChildren } from './names.js';

const roster = [
  'Aarav Sharma',
  'Diya Patel',
  'Kabir Khan',
  'Meera Nair',
  'Noa Levi',
  'Omar Haddad',
  'Saanvi Reddy',
  'Ethan Brooks',
].map((n, i) => {
  const [firstName = '', lastName = ''] = n.split(' ');
  return { id: `id${i}`, firstName, lastName };
});
const names = (text: string) => findChildren(text, roster).map((m) => m.child.firstName);

describe('findChildren', () => {
  it('finds first names, full names and possessives', () => {
    expect(names('Meera stacked ten blocks')).toEqual(['Meera']);
    expect(names("Kabir Khan and Meera's brother")).toEqual(['Kabir', 'Meera']);
    expect(names('aarav sharma is absent')).toEqual(['Aarav']);
  });

  it('forgives small misspellings but not guesses', () => {
    expect(names('Kabeer is off sick')).toEqual(['Kabir']);
    expect(names('Meara painted')).toEqual(['Meera']);
    expect(names('Sanvi came in late')).toEqual(['Saanvi']);
    expect(names('Zoe was here')).toEqual([]);
  });

  it('does not take ordinary words for names', () => {
    expect(names('Everyone is here today')).toEqual([]);
    expect(names('Tell parents sports day is on Friday')).toEqual([]);
  });
});

describe('findChildren, capitals and possessives', () => {
  it('a misspelling must be written like a name, unless the whole text is lower case', () => {
    expect(names('The blocks area needs tidying')).toEqual([]);
    expect(names('Aarav tidied the area')).toEqual(['Aarav']);
    expect(names('meira and noah were late')).toEqual(['Meera', 'Noa']);
  });

  it('ends a possessive\'s match before the "\'s"', () => {
    const [m] = findChildren("Kabir's off", roster);
    expect(m && "Kabir's off".slice(m.start, m.end)).toBe('Kabir');
  });
});
