import { RECORD_KINDS } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import {
  byChild,
  commentChanged,
  type Finding,
  groupFindings,
  kindsFromParam,
  kindsParam,
  neighbours,
  sentenceEvidence,
  toggleKind,
} from './reportView';

const finding = (kind: Finding['kind'], student: string, area: string | null = null): Finding => ({
  kind,
  entry_id: `e-${student}`,
  student_id: `s-${student}`,
  student_name: student,
  area_id: area ? `a-${area}` : null,
  area_name: area,
  others: [],
});

describe('groupFindings', () => {
  it('groups by kind in the contract order, children by name then area', () => {
    const groups = groupFindings([
      finding('not_signed_off', 'Zara', 'Maths'),
      finding('missing_comment', 'Meera', 'Maths'),
      finding('missing_comment', 'Aarav', 'Maths'),
      finding('missing_comment', 'Aarav', 'Art'),
      finding('copied_comment', 'Kabir', 'Art'),
    ]);
    expect(groups.map((g) => g.kind)).toEqual(['missing_comment', 'copied_comment', 'not_signed_off']);
    expect(groups[0]?.findings.map((f) => `${f.student_name}/${f.area_name}`)).toEqual([
      'Aarav/Art',
      'Aarav/Maths',
      'Meera/Maths',
    ]);
  });
  it('gives no group when all is clear', () => {
    expect(groupFindings([])).toEqual([]);
  });
});

describe('the record kinds in the address', () => {
  it('reads known kinds in the contract order and ignores the rest', () => {
    expect(kindsFromParam('media,story,bogus')).toEqual(['story', 'media']);
  });
  it('reads nothing (or nothing known) as every kind', () => {
    expect(kindsFromParam(null)).toEqual([...RECORD_KINDS]);
    expect(kindsFromParam('bogus')).toEqual([...RECORD_KINDS]);
  });
  it('writes no parameter for every kind and round-trips a choice', () => {
    expect(kindsParam([...RECORD_KINDS])).toBeNull();
    expect(kindsParam([])).toBeNull();
    expect(kindsParam(['grade', 'observation'])).toBe('observation,grade');
    expect(kindsFromParam(kindsParam(['report', 'hpc']))).toEqual(['hpc', 'report']);
  });
  it('toggles: from all keeps only the one clicked; the last one off goes back to all', () => {
    const one = toggleKind([...RECORD_KINDS], 'story');
    expect(one).toEqual(['story']);
    expect(toggleKind(one, 'observation')).toEqual(['observation', 'story']);
    expect(toggleKind(['observation', 'story'], 'observation')).toEqual(['story']);
    expect(toggleKind(['story'], 'story')).toEqual([...RECORD_KINDS]);
  });
});

describe('sentenceEvidence', () => {
  const listed = [
    { kind: 'observation' as const, id: 'o1', title: 'Counting beads' },
    { kind: 'story' as const, id: 's1', title: 'Trip' },
  ];
  it('finds each named piece once and leaves out those not listed', () => {
    const refs = [
      { kind: 'story' as const, id: 's1' },
      { kind: 'observation' as const, id: 'gone' },
      { kind: 'observation' as const, id: 'o1' },
    ];
    expect(sentenceEvidence(refs, listed).map((e) => e.title)).toEqual(['Trip', 'Counting beads']);
  });
  it('does not confuse kinds with the same id', () => {
    expect(sentenceEvidence([{ kind: 'media', id: 'o1' }], listed)).toEqual([]);
  });
});

describe('neighbours', () => {
  const entries = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];
  it('gives the children before and after', () => {
    expect(neighbours(entries, 'b')).toEqual({ previous: { _id: 'a' }, next: { _id: 'c' } });
    expect(neighbours(entries, 'a').previous).toBeNull();
    expect(neighbours(entries, 'c').next).toBeNull();
    expect(neighbours(entries, 'zz')).toEqual({ previous: null, next: null });
  });
});

describe('commentChanged', () => {
  it('ignores untouched and end-space edits', () => {
    expect(commentChanged('Good.', undefined)).toBe(false);
    expect(commentChanged('Good.', ' Good. ')).toBe(false);
    expect(commentChanged('Good.', 'Very good.')).toBe(true);
  });
});

describe('byChild', () => {
  it('folds a group into one line per child, areas and copied-from names once each', () => {
    const a = { ...finding('copied_comment', 'Aarav', 'Art'), others: ['Meera'] };
    const b = { ...finding('copied_comment', 'Aarav', 'Maths'), others: ['Meera', 'Kabir'] };
    const c = finding('copied_comment', 'Kabir', 'Maths');
    expect(byChild([a, b, c])).toEqual([
      { entryId: 'e-Aarav', name: 'Aarav', areas: ['Art', 'Maths'], others: ['Meera', 'Kabir'] },
      { entryId: 'e-Kabir', name: 'Kabir', areas: ['Maths'], others: [] },
    ]);
  });
  it('keeps a finding about the whole child (no area) as the child alone', () => {
    expect(byChild([finding('missing_comment', 'Zara')])).toEqual([{ entryId: 'e-Zara', name: 'Zara', areas: [], others: [] }]);
  });
});
