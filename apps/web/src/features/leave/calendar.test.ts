import { describe, expect, it } from 'vitest';
import { monthRange, viewRange } from './pages/StaffCalendarPage';

describe('the staff calendar’s ranges', () => {
  it('shows a day, the Monday-to-Sunday week holding it, or its month', () => {
    expect(viewRange('day', '2026-12-09')).toEqual({ from: '2026-12-09', to: '2026-12-09' });
    expect(viewRange('week', '2026-12-09')).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(viewRange('week', '2026-12-13')).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(viewRange('month', '2026-12-09')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('moves months across the year’s end and through February', () => {
    expect(monthRange('2026-12-15', 1)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(monthRange('2028-03-31', -1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
