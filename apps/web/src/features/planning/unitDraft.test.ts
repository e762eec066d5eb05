import type { Unit } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import {
  conflicted,
  createDraft,
  current,
  dirtyKeys,
  edit,
  keepMine,
  keepTheirs,
  nextChange,
  problems,
  rebase,
  saved,
  savedValue,
  saveFailed,
  saving,
} from './unitDraft';

const person = (name: string) => ({ _id: `${name}0000000000000000000`.slice(0, 24), name });

function unit(version: number, over: Partial<Unit> = {}): Unit {
  return {
    _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    kind: 'unit',
    framework: 'eyfs',
    title: 'Growing things',
    status: 'planned',
    start_date: '05-01-2026',
    end_date: '30-01-2026',
    classes: [{ _id: 'c1', name: 'Nursery A' }],
    areas: [],
    statements: [],
    fields: { intentions: ['Plant seeds'], next_steps: '' },
    resources: [],
    source: null,
    version,
    field_versions: {},
    activity_count: 0,
    created_by: person('Tara'),
    updated_by: person('Tara'),
    updated_at: '2026-01-01T00:00:00Z',
    abilities: { can_edit: true, can_delete: true },
    ...over,
  };
}

const withFields = (version: number, fields: Unit['fields'], over: Partial<Unit> = {}) =>
  unit(version, { fields: { intentions: ['Plant seeds'], next_steps: '', ...fields }, ...over });

describe('a unit draft', () => {
  it('sends only the keys the person changed, on the synced version', () => {
    let draft = createDraft(unit(3));
    expect(nextChange(draft)).toBeNull();
    draft = edit(draft, 'next_steps', 'Visit the garden');
    draft = edit(draft, 'title', '  Growing things in spring ');
    const next = nextChange(draft);
    expect(next?.change).toEqual({
      base_version: 3,
      title: 'Growing things in spring',
      fields: { next_steps: 'Visit the garden' },
    });
  });

  it('maps header keys to the wire (dates, classes, areas as sorted ids)', () => {
    let draft = createDraft(unit(1));
    draft = edit(draft, 'dates', { start_date: '12-01-2026', end_date: '06-02-2026' });
    draft = edit(draft, 'areas', ['b', 'a']);
    draft = edit(draft, 'status', 'running');
    expect(nextChange(draft)?.change).toEqual({
      base_version: 1,
      start_date: '12-01-2026',
      end_date: '06-02-2026',
      area_ids: ['a', 'b'],
      status: 'running',
    });
  });

  it('sends the curriculum statements as statement_ids, and takes in those someone else tagged', () => {
    const ref = (id: string) => ({
      _id: id,
      code: id.toUpperCase(),
      text: id,
      version: 1,
      archived: false,
      area: { _id: 'ar', code: 'CL', name: 'Communication and Language' },
      framework: { _id: 'f', name: 'EYFS' },
    });
    let draft = createDraft(unit(1, { statements: [ref('s2')] }));
    expect(savedValue(draft.base, 'statements')).toEqual(['s2']);
    draft = edit(draft, 'statements', ['s3', 's1']);
    expect(nextChange(draft)?.change).toEqual({ base_version: 1, statement_ids: ['s1', 's3'] });
    // Tara's save comes back with them: nothing left to send.
    draft = saved(draft, unit(2, { statements: [ref('s1'), ref('s3')] }));
    expect(nextChange(draft)).toBeNull();
    // Someone else tags another: taken in and marked.
    draft = rebase(draft, unit(3, { statements: [ref('s1'), ref('s3'), ref('s4')] }), 'Anita');
    expect(current(draft, 'statements')).toEqual(['s1', 's3', 's4']);
    expect(draft.remote.statements).toBe('Anita');
  });

  it('does not send an edit back to the saved value, nor a blank list item', () => {
    let draft = createDraft(unit(1));
    draft = edit(draft, 'next_steps', 'x');
    draft = edit(draft, 'next_steps', '');
    draft = edit(draft, 'intentions', ['Plant seeds', '  ']);
    expect(dirtyKeys(draft)).toEqual([]);
    expect(nextChange(draft)).toBeNull();
    // The blank line stays on screen for the person to type into.
    expect(current(draft, 'intentions')).toEqual(['Plant seeds', '  ']);
  });

  it('holds back what the server would refuse (empty title, end before start, no class)', () => {
    let draft = createDraft(unit(1));
    draft = edit(draft, 'title', '   ');
    draft = edit(draft, 'dates', { start_date: '10-01-2026', end_date: '09-01-2026' });
    draft = edit(draft, 'classes', []);
    draft = edit(draft, 'next_steps', 'Still saved');
    expect(problems(draft)).toEqual({ title: 'titleRequired', dates: 'endBeforeStart', classes: 'classesRequired' });
    expect(nextChange(draft)?.change).toEqual({ base_version: 1, fields: { next_steps: 'Still saved' } });
  });

  it('after its own save, keeps what was typed meanwhile and takes the new version as base', () => {
    let draft = edit(createDraft(unit(1)), 'next_steps', 'Visit');
    const first = nextChange(draft);
    if (!first) throw new Error('nothing to send');
    draft = saving(draft, first.sent);
    draft = edit(draft, 'next_steps', 'Visit the garden');
    draft = saved(draft, withFields(2, { next_steps: 'Visit' }));
    expect(draft.base.version).toBe(2);
    expect(current(draft, 'next_steps')).toBe('Visit the garden');
    expect(draft.remote).toEqual({});
    expect(nextChange(draft)?.change).toEqual({ base_version: 2, fields: { next_steps: 'Visit the garden' } });
  });

  it('after its own save of everything typed, has nothing left to send', () => {
    let draft = edit(createDraft(unit(1)), 'intentions', ['Plant seeds', 'Water them']);
    const first = nextChange(draft);
    if (!first) throw new Error('nothing to send');
    draft = saved(saving(draft, first.sent), withFields(2, { intentions: ['Plant seeds', 'Water them'] }));
    expect(draft.local).toEqual({});
    expect(dirtyKeys(draft)).toEqual([]);
    expect(draft.pending).toBeNull();
  });

  it("takes in another person's change of a key not edited here, keeping local edits, and marks it", () => {
    let draft = edit(createDraft(unit(4)), 'next_steps', 'Mine');
    draft = rebase(draft, withFields(5, { intentions: ['Plant seeds', 'Measure growth'] }), 'Neha');
    expect(current(draft, 'intentions')).toEqual(['Plant seeds', 'Measure growth']);
    expect(current(draft, 'next_steps')).toBe('Mine');
    expect(draft.remote).toEqual({ intentions: 'Neha' });
    expect(draft.conflicts).toEqual({});
    expect(nextChange(draft)?.change).toEqual({ base_version: 5, fields: { next_steps: 'Mine' } });
  });

  it('ignores a unit no newer than the synced one', () => {
    const draft = edit(createDraft(unit(4)), 'next_steps', 'Mine');
    expect(rebase(draft, withFields(4, { next_steps: 'Other' }), 'Neha')).toBe(draft);
    expect(rebase(draft, withFields(3, { next_steps: 'Other' }), 'Neha')).toBe(draft);
  });

  it('turns a local edit of a key someone else changed meanwhile into a conflict, never a silent overwrite', () => {
    let draft = edit(createDraft(unit(1)), 'next_steps', 'Mine');
    draft = edit(draft, 'title', 'My title');
    draft = rebase(draft, withFields(2, { next_steps: 'Theirs' }), 'Neha');
    expect(draft.conflicts).toEqual({ next_steps: { theirs: 'Theirs', by: 'Neha' } });
    // The person's text is still what the planner shows, and is held back; the title still goes.
    expect(current(draft, 'next_steps')).toBe('Mine');
    expect(nextChange(draft)?.change).toEqual({ base_version: 2, title: 'My title' });
  });

  it('settles a conflict with theirs (the edit is dropped) or with mine (sent on the newer version)', () => {
    let draft = edit(createDraft(unit(1)), 'next_steps', 'Mine');
    draft = rebase(draft, withFields(2, { next_steps: 'Theirs' }), 'Neha');
    const theirs = keepTheirs(draft, 'next_steps');
    expect(current(theirs, 'next_steps')).toBe('Theirs');
    expect(nextChange(theirs)).toBeNull();
    const mine = keepMine(draft, 'next_steps');
    expect(nextChange(mine)?.change).toEqual({ base_version: 2, fields: { next_steps: 'Mine' } });
  });

  it('on 409 keeps every edit: the named keys become conflicts, the others go again on the newer version', () => {
    let draft = edit(createDraft(unit(1)), 'next_steps', 'Mine');
    draft = edit(draft, 'title', 'My title');
    const first = nextChange(draft);
    if (!first) throw new Error('nothing to send');
    draft = saving(draft, first.sent);
    const latest = withFields(2, { next_steps: 'Theirs' }, { field_versions: { next_steps: 2 } });
    draft = conflicted(draft, ['next_steps'], latest, 'Neha');
    expect(draft.pending).toBeNull();
    expect(draft.base.version).toBe(2);
    expect(draft.conflicts.next_steps?.theirs).toBe('Theirs');
    expect(current(draft, 'title')).toBe('My title');
    expect(nextChange(draft)?.change).toEqual({ base_version: 2, title: 'My title' });
  });

  it('on 409 for a key the other person set to the same value, settles it without asking', () => {
    let draft = edit(createDraft(unit(1)), 'status', 'running');
    draft = conflicted(draft, ['status'], unit(2, { status: 'running' }));
    expect(draft.conflicts).toEqual({});
    expect(draft.local).toEqual({});
  });

  it("a conflict follows the other person's later change, and ends when they write what this person has", () => {
    let draft = edit(createDraft(unit(1)), 'next_steps', 'Mine');
    draft = rebase(draft, withFields(2, { next_steps: 'Theirs' }), 'Neha');
    draft = rebase(draft, withFields(3, { next_steps: 'Theirs again' }), 'Neha');
    expect(draft.conflicts.next_steps?.theirs).toBe('Theirs again');
    draft = rebase(draft, withFields(4, { next_steps: 'Mine' }), 'Neha');
    expect(draft.conflicts).toEqual({});
    expect(draft.local).toEqual({});
  });

  it("when the event of this page's own save arrives before its answer, does not mistake it for another's", () => {
    let draft = edit(createDraft(unit(1)), 'next_steps', 'Visit');
    const first = nextChange(draft);
    if (!first) throw new Error('nothing to send');
    draft = saving(draft, first.sent);
    draft = edit(draft, 'next_steps', 'Visit the pond');
    draft = rebase(draft, withFields(2, { next_steps: 'Visit' }), 'Tara');
    expect(draft.conflicts).toEqual({});
    expect(draft.remote).toEqual({});
    expect(current(draft, 'next_steps')).toBe('Visit the pond');
    draft = saved(draft, withFields(2, { next_steps: 'Visit' }));
    expect(nextChange(draft)?.change).toEqual({ base_version: 2, fields: { next_steps: 'Visit the pond' } });
  });

  it('takes theirs where the local edit would save nothing (a blank list item) and marks it', () => {
    let draft = edit(createDraft(unit(1)), 'intentions', ['Plant seeds', '']);
    draft = rebase(draft, withFields(2, { intentions: ['Grow beans'] }), 'Neha');
    expect(draft.conflicts).toEqual({});
    expect(current(draft, 'intentions')).toEqual(['Grow beans']);
    expect(draft.remote).toEqual({ intentions: 'Neha' });
  });

  it('editing a key clears its "changed by" mark; a failed save keeps the edits', () => {
    let draft = rebase(createDraft(unit(1)), withFields(2, { next_steps: 'Theirs' }), 'Neha');
    expect(draft.remote).toEqual({ next_steps: 'Neha' });
    draft = edit(draft, 'next_steps', 'Theirs, and mine');
    expect(draft.remote).toEqual({});
    const first = nextChange(draft);
    if (!first) throw new Error('nothing to send');
    draft = saveFailed(saving(draft, first.sent));
    expect(nextChange(draft)?.change).toEqual({ base_version: 2, fields: { next_steps: 'Theirs, and mine' } });
  });

  it("keeps the unit's linked resources apart from the EYFS planner's resources list", () => {
    let draft = createDraft(unit(1, { resources: [{ _id: 'r2', title: 'Seeds', kind: 'book', url: null }] }));
    expect(savedValue(draft.base, 'library_resources')).toEqual(['r2']);
    expect(savedValue(draft.base, 'resources')).toEqual([]);
    draft = edit(draft, 'library_resources', ['r2', 'r1']);
    draft = edit(draft, 'resources', ['Magnifying glasses']);
    expect(nextChange(draft)?.change).toEqual({
      base_version: 1,
      resource_ids: ['r1', 'r2'],
      fields: { resources: ['Magnifying glasses'] },
    });
    // The server names both by one key: a conflict on it holds back whichever was edited here.
    const onlyList = conflicted(
      edit(createDraft(unit(1)), 'resources', ['Pots']),
      ['resources'],
      withFields(2, { resources: ['Soil'] }),
    );
    expect(Object.keys(onlyList.conflicts)).toEqual(['resources']);
  });

  it("reads absent fields as their kind's empty value", () => {
    const u = unit(1, { fields: {} });
    expect(savedValue(u, 'central_idea')).toBe('');
    expect(savedValue(u, 'key_concepts')).toEqual([]);
    expect(savedValue(u, 'lines_of_inquiry')).toEqual([]);
  });

  it("two editors of different fields from one base both keep their work through each other's saves", () => {
    // Tara edits the intentions, Neha the next steps, both from version 1.
    let tara = edit(createDraft(unit(1)), 'intentions', ['Plant seeds', 'Water daily']);
    let neha = edit(createDraft(unit(1)), 'next_steps', 'Press flowers');
    const t1 = nextChange(tara);
    const n1 = nextChange(neha);
    if (!t1 || !n1) throw new Error('nothing to send');
    // The server saves Tara's at version 2 and Neha's at 3 (different keys: no conflict).
    const v2 = withFields(2, { intentions: ['Plant seeds', 'Water daily'] });
    const v3 = withFields(3, { intentions: ['Plant seeds', 'Water daily'], next_steps: 'Press flowers' });
    tara = saved(saving(tara, t1.sent), v2);
    neha = saved(saving(neha, n1.sent), v3);
    tara = rebase(tara, v3, 'Neha');
    neha = rebase(neha, v3, 'Tara');
    for (const draft of [tara, neha]) {
      expect(current(draft, 'intentions')).toEqual(['Plant seeds', 'Water daily']);
      expect(current(draft, 'next_steps')).toBe('Press flowers');
      expect(nextChange(draft)).toBeNull();
    }
    expect(tara.remote).toEqual({ next_steps: 'Neha' });
  });
});
