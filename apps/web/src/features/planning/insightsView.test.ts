import { describe, expect, it } from 'vitest';
import {
  academicYearOf,
  areaBars,
  evidencedNeverPlanned,
  plannedNeverEvidenced,
  presetOf,
  presetPeriod,
  termOf,
} from './insightsView';

describe('planning insights', () => {
  it('finds the term and the academic year of a day', () => {
    expect(termOf('2026-11-27')).toEqual({ from: '2026-09-01', to: '2026-12-31' });
    expect(termOf('2027-03-02')).toEqual({ from: '2027-01-01', to: '2027-04-30' });
    expect(academicYearOf('2026-11-27')).toEqual({ from: '2026-09-01', to: '2027-08-31' });
    expect(academicYearOf('2027-03-02')).toEqual({ from: '2026-09-01', to: '2027-08-31' });
  });

  it('writes presets as wire days and recognises them', () => {
    expect(presetPeriod('year', '2026-11-27')).toEqual({ from_date: '01-09-2026', to_date: '31-08-2027' });
    expect(presetOf(undefined, undefined, '2026-11-27')).toBe('term');
    expect(presetOf('01-09-2026', '31-08-2027', '2026-11-27')).toBe('year');
    expect(presetOf('01-09-2026', '31-12-2026', '2026-11-27')).toBe('term');
    expect(presetOf('02-09-2026', '31-12-2026', '2026-11-27')).toBeNull();
    // The class's recorded academic year, when known, is the year.
    const recorded = { from_date: '01-06-2026', to_date: '31-05-2027' };
    expect(presetPeriod('year', '2026-11-27', recorded)).toEqual(recorded);
    expect(presetOf('01-06-2026', '31-05-2027', '2026-11-27', recorded)).toBe('year');
    expect(presetOf('01-09-2026', '31-08-2027', '2026-11-27', recorded)).toBeNull();
  });

  it('separates planned-never-evidenced from evidenced-never-planned', () => {
    const area = (_id: string, planned_units: number, planned_activities: number, observations: number, stories: number) => ({
      _id,
      planned_units,
      planned_activities,
      observations,
      stories,
    });
    const areas = [
      area('both', 1, 2, 3, 0),
      area('plannedOnly', 0, 2, 0, 0),
      area('seenOnly', 0, 0, 0, 1),
      area('none', 0, 0, 0, 0),
    ];
    expect(plannedNeverEvidenced(areas).map((a) => a._id)).toEqual(['plannedOnly']);
    expect(evidencedNeverPlanned(areas).map((a) => a._id)).toEqual(['seenOnly']);
    expect(areaBars(areas)).toEqual([
      { planned: 100, evidenced: 100 },
      { planned: 67, evidenced: 0 },
      { planned: 0, evidenced: 33 },
      { planned: 0, evidenced: 0 },
    ]);
    expect(areaBars([area('z', 0, 0, 0, 0)])).toEqual([{ planned: 0, evidenced: 0 }]);
  });
});
