import type { ClassCurriculum, CurriculumArea, CurriculumStatement, StatementRef } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { chosenIn, chosenRefs, countStatements, filterAreas, keptOutsideTree, liveRefs, toggleStatement } from './statementTree';

const statement = (id: string, code: string, text: string, extra: Partial<CurriculumStatement> = {}): CurriculumStatement => ({
  _id: id,
  aspect_id: 'asp',
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
  ...extra,
});

const AREAS: CurriculumArea[] = [
  {
    _id: 'a-cl',
    code: 'CL',
    name: 'Communication and Language',
    group: 'Prime areas',
    position: 0,
    shipped: true,
    archived: false,
    aspects: [
      {
        _id: 'asp-ls',
        area_id: 'a-cl',
        code: 'CL-LAU',
        name: 'Listening, Attention and Understanding',
        position: 0,
        shipped: true,
        archived: false,
        statements: [
          statement('s1', 'CL-LAU-1', 'Listen attentively and respond to what they hear'),
          statement('s2', 'CL-LAU-2', 'Make comments about what they have heard and ask questions'),
        ],
      },
      {
        _id: 'asp-sp',
        area_id: 'a-cl',
        code: 'CL-SP',
        name: 'Speaking',
        position: 1,
        shipped: true,
        archived: false,
        statements: [
          statement('s3', 'CL-SP-1', 'Participate in small group discussions'),
          statement('s9', 'CL-SP-9', 'Gone', { archived: true }),
        ],
      },
    ],
  },
  {
    _id: 'a-pd',
    code: 'PD',
    name: 'Physical Development',
    group: 'Prime areas',
    position: 1,
    shipped: true,
    archived: false,
    aspects: [
      {
        _id: 'asp-fm',
        area_id: 'a-pd',
        code: 'PD-FM',
        name: 'Fine Motor Skills',
        position: 0,
        shipped: true,
        archived: false,
        statements: [
          statement('s4', 'PD-FM-1', 'Hold a pencil effectively, using the tripod grip'),
          statement('s5', 'PD-FM-2', 'Use a range of small tools, including scissors'),
        ],
      },
    ],
  },
];

const MINE_AREAS: CurriculumArea[] = [
  {
    _id: 'a-x',
    code: 'X',
    name: 'Été',
    group: '',
    position: 0,
    shipped: false,
    archived: false,
    aspects: [
      {
        _id: 'asp-x',
        area_id: 'a-x',
        code: 'X-A',
        name: 'Formes',
        position: 0,
        shipped: false,
        archived: false,
        statements: [statement('s6', 'X-1', 'Créer des formes')],
      },
    ],
  },
];
const EYFS = { _id: 'f-eyfs', name: 'EYFS', code: 'EYFS', areas: AREAS };
const MINE = { _id: 'f-mine', name: 'Our framework', code: 'OUR', areas: MINE_AREAS };
const CURRICULUM: ClassCurriculum = { class_id: 'c1', frameworks: [EYFS, MINE] };

const ids = (areas: CurriculumArea[]) => areas.flatMap((a) => a.aspects.flatMap((x) => x.statements.map((s) => s._id)));

describe('the search over a framework tree', () => {
  it('keeps the tree whole without words', () => {
    expect(filterAreas(AREAS, '   ')).toBe(AREAS);
    expect(countStatements(AREAS)).toBe(6);
  });

  it('finds a statement by its code, case and spaces aside', () => {
    const found = filterAreas(AREAS, '  pd-fm-2 ');
    expect(ids(found)).toEqual(['s5']);
    // The areas and aspects left with nothing are dropped.
    expect(found.map((a) => a._id)).toEqual(['a-pd']);
    expect(found[0]?.aspects.map((a) => a._id)).toEqual(['asp-fm']);
  });

  it('needs every word, in any order, across the statement and the names above it', () => {
    expect(ids(filterAreas(AREAS, 'questions heard'))).toEqual(['s2']);
    expect(ids(filterAreas(AREAS, 'speaking group'))).toEqual(['s3']);
    expect(ids(filterAreas(AREAS, 'speaking pencil'))).toEqual([]);
  });

  it('lists a whole aspect or area by its name or code', () => {
    expect(ids(filterAreas(AREAS, 'listening'))).toEqual(['s1', 's2']);
    expect(ids(filterAreas(AREAS, 'PD'))).toEqual(['s4', 's5']);
  });

  it('ignores accents', () => {
    expect(ids(filterAreas(MINE_AREAS, 'creer ete'))).toEqual(['s6']);
  });

  it('does not change the tree it filters', () => {
    filterAreas(AREAS, 'pencil');
    expect(countStatements(AREAS)).toBe(6);
  });
});

const archivedRef: StatementRef = {
  _id: 's-old',
  code: 'CL-LAU-1',
  text: 'Listen attentively (old wording)',
  version: 1,
  archived: true,
  area: { _id: 'a-cl', code: 'CL', name: 'Communication and Language' },
  framework: { _id: 'f-eyfs', name: 'EYFS' },
};

describe('the chosen statements', () => {
  const live = liveRefs(CURRICULUM);

  it('takes the live statements of every framework, leaving archived ones out', () => {
    expect([...live.keys()].sort()).toEqual(['s1', 's2', 's3', 's4', 's5', 's6']);
    expect(live.get('s6')).toMatchObject({
      framework: { _id: 'f-mine', name: 'Our framework' },
      area: { code: 'X' },
      archived: false,
    });
    expect(liveRefs(undefined).size).toBe(0);
  });

  it('shows them in the order chosen, the record keeping its own copy of an archived one', () => {
    const refs = chosenRefs(['s4', 's-old', 's1', 's4'], live, [archivedRef]);
    expect(refs.map((r) => r._id)).toEqual(['s4', 's-old', 's1']);
    expect(refs[1]).toEqual(archivedRef);
  });

  it('leaves out of the list an id it cannot name yet', () => {
    expect(chosenRefs(['s1', 'unknown'], live).map((r) => r._id)).toEqual(['s1']);
    expect(chosenRefs(['s1'], new Map())).toEqual([]);
  });

  it('keeps apart the tagged statements the tree no longer offers, while chosen', () => {
    const otherFramework: StatementRef = { ...archivedRef, _id: 's-elsewhere', archived: false };
    const liveTagged = live.get('s1');
    expect(liveTagged).toBeDefined();
    const existing = [archivedRef, otherFramework, ...(liveTagged ? [liveTagged] : [])];
    expect(keptOutsideTree(['s-old', 's-elsewhere', 's1'], live, existing).map((s) => s._id)).toEqual(['s-old', 's-elsewhere']);
    // Removed from the choice: no longer kept.
    expect(keptOutsideTree(['s1'], live, existing)).toEqual([]);
  });

  it('adds at the end and removes without duplicates', () => {
    expect(toggleStatement(['a', 'b'], 'c', true)).toEqual(['a', 'b', 'c']);
    expect(toggleStatement(['a', 'b'], 'a', true)).toEqual(['b', 'a']);
    expect(toggleStatement(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggleStatement(['a'], 'z', false)).toEqual(['a']);
  });

  it("counts a framework's chosen statements for its tab", () => {
    expect(chosenIn(EYFS, ['s1', 's6', 's5', 's-old'])).toBe(2);
    expect(chosenIn(MINE, ['s1', 's6'])).toBe(1);
  });
});
