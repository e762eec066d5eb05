import type { CurriculumArea } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import {
  ageBand,
  ageBandKey,
  ageBandParts,
  copyCode,
  filterTree,
  groupAreas,
  moveItem,
  ownOrder,
  statementCount,
  withoutArchived,
} from './format';

const en = new Intl.NumberFormat('en');
const ar = new Intl.NumberFormat('ar-EG');
const said = (from: number | null, to: number | null, number = en) => {
  const band = ageBand(from, to);
  return band ? { key: ageBandKey(band), ...ageBandParts(band, number) } : null;
};

describe('ageBand', () => {
  it('says no band when neither bound is known', () => {
    expect(ageBand(null, null)).toBeNull();
    expect(ageBand(undefined, undefined)).toBeNull();
  });

  it('says whole and half years from two years', () => {
    expect(said(36, 48)).toEqual({ key: 'age.years.range', from: '3', to: '4' });
    expect(said(30, 42)).toEqual({ key: 'age.years.range', from: '2½', to: '3½' });
    expect(said(48, 60)).toEqual({ key: 'age.years.range', from: '4', to: '5' });
  });

  it('says months below two years, and the whole band in months when it starts there', () => {
    expect(said(0, 11)).toEqual({ key: 'age.months.range', from: '0', to: '11' });
    expect(said(16, 26)).toEqual({ key: 'age.months.range', from: '16', to: '26' });
    expect(said(22, 36)).toEqual({ key: 'age.months.range', from: '22', to: '36' });
  });

  it('keeps months when a bound falls between half years (no rounding)', () => {
    expect(said(40, 60)).toEqual({ key: 'age.months.range', from: '40', to: '60' });
  });

  it('says open bands', () => {
    expect(said(36, null)).toEqual({ key: 'age.years.from', from: '3', to: '' });
    expect(said(null, 60)).toEqual({ key: 'age.years.to', from: '', to: '5' });
    expect(said(null, 18)).toEqual({ key: 'age.months.to', from: '', to: '18' });
  });

  it("writes the numbers in the reader's digits", () => {
    expect(said(36, 54, ar)).toEqual({ key: 'age.years.range', from: '٣', to: '٤½' });
  });
});

const statement = (id: string, code: string, text: string) => ({
  _id: id,
  aspect_id: 'x',
  code,
  text,
  age_from_months: null,
  age_to_months: null,
  position: 0,
  version: 1,
  shipped: true,
  archived: false,
  replaced_by: null,
  tagged: 0,
});
const tree: CurriculumArea[] = [
  {
    _id: 'a1',
    code: 'CL',
    name: 'Communication and Language',
    group: 'Prime areas',
    position: 0,
    shipped: true,
    archived: false,
    aspects: [
      {
        _id: 's1',
        area_id: 'a1',
        code: 'CL-LA',
        name: 'Listening, Attention and Understanding',
        position: 0,
        shipped: true,
        archived: false,
        statements: [
          statement('t1', 'CL-1', 'Listens attentively and responds'),
          statement('t2', 'CL-2', 'Makes comments about what they have heard'),
        ],
      },
      {
        _id: 's2',
        area_id: 'a1',
        code: 'CL-SP',
        name: 'Speaking',
        position: 1,
        shipped: true,
        archived: false,
        statements: [statement('t3', 'CL-3', 'Participates in small group discussion')],
      },
    ],
  },
  {
    _id: 'a2',
    code: 'M',
    name: 'Mathematics',
    group: 'Specific areas',
    position: 1,
    shipped: true,
    archived: false,
    aspects: [
      {
        _id: 's3',
        area_id: 'a2',
        code: 'M-N',
        name: 'Number',
        position: 0,
        shipped: true,
        archived: false,
        statements: [statement('t4', 'M-1', 'Has a deep understanding of number to 10'), statement('t5', 'M-2', 'Subitises')],
      },
    ],
  },
];

describe('filterTree', () => {
  it('keeps the whole tree for an empty search', () => {
    expect(filterTree(tree, '  ')).toEqual(tree);
  });

  it('finds statements by their wording, with their aspect and area only', () => {
    const found = filterTree(tree, 'respond');
    expect(found.map((a) => a._id)).toEqual(['a1']);
    expect(found[0]?.aspects.map((a) => a._id)).toEqual(['s1']);
    expect(found[0]?.aspects[0]?.statements.map((s) => s._id)).toEqual(['t1']);
    expect(statementCount(found)).toBe(1);
  });

  it('finds statements by code, without case', () => {
    expect(filterTree(tree, 'm-2').flatMap((a) => a.aspects.flatMap((x) => x.statements.map((s) => s._id)))).toEqual(['t5']);
  });

  it('keeps every statement of a heading that matches', () => {
    expect(statementCount(filterTree(tree, 'speaking'))).toBe(1);
    expect(statementCount(filterTree(tree, 'mathematics'))).toBe(2);
  });

  it('needs every word, in any order, and ignores accents', () => {
    expect(statementCount(filterTree(tree, 'group participates'))).toBe(1);
    expect(statementCount(filterTree(tree, 'SUBITISÉS'))).toBe(1);
    expect(filterTree(tree, 'number reading')).toEqual([]);
  });

  it('does not change the tree it is given', () => {
    filterTree(tree, 'respond');
    expect(statementCount(tree)).toBe(5);
  });
});

describe('groupAreas', () => {
  it('lists areas under their group in the order they come', () => {
    const groups = groupAreas([...tree, { ...tree[0], _id: 'a3', group: 'Prime areas' } as CurriculumArea]);
    expect(groups.map((g) => [g.group, g.areas.map((a) => a._id)])).toEqual([
      ['Prime areas', ['a1', 'a3']],
      ['Specific areas', ['a2']],
    ]);
  });
});

describe('moveItem', () => {
  it('moves one item and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('copyCode', () => {
  it('stays within the 40 characters of a code', () => {
    expect(copyCode('EYFS')).toBe('EYFS-COPY');
    expect(copyCode('X'.repeat(40)).length).toBeLessThanOrEqual(40);
  });
});

describe('withoutArchived', () => {
  it('leaves out archived statements, and archived aspects and areas with everything under them', () => {
    const [cl, m] = tree as [CurriculumArea, CurriculumArea];
    const [listening, speaking] = cl.aspects as [CurriculumArea['aspects'][number], CurriculumArea['aspects'][number]];
    const mixed: CurriculumArea[] = [
      {
        ...cl,
        aspects: [
          { ...listening, statements: listening.statements.map((st, i) => ({ ...st, archived: i === 0 })) },
          { ...speaking, archived: true },
        ],
      },
      { ...m, archived: true },
    ];
    const live = withoutArchived(mixed);
    expect(live.map((a) => a._id)).toEqual(['a1']);
    expect(live[0]?.aspects.map((a) => a._id)).toEqual(['s1']);
    expect(live[0]?.aspects[0]?.statements.map((st) => st._id)).toEqual(['t2']);
  });
});

describe('ownOrder', () => {
  it("orders only the school's live nodes", () => {
    expect(
      ownOrder([
        { _id: 'p1', shipped: true, archived: false },
        { _id: 'o1', shipped: false, archived: false },
        { _id: 'o2', shipped: false, archived: true },
        { _id: 'o3', shipped: false, archived: false },
      ]),
    ).toEqual(['o1', 'o3']);
  });
});
