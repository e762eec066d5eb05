import { UNIT_TEMPLATES } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { filledFields } from './unitFields';

describe('filledFields', () => {
  it('keeps the template order and leaves out empty text, blank text and empty lists', () => {
    const shown = filledFields(
      UNIT_TEMPLATES.pyp,
      { learning_goals: ['Count to ten'], central_idea: 'Water changes', provocations: '   ', lines_of_inquiry: [] },
      false,
    );
    expect(shown).toEqual(['central_idea', 'learning_goals']);
  });

  it('shows the areas where the template places them only when there are some', () => {
    expect(filledFields(UNIT_TEMPLATES.eyfs, { next_steps: 'More painting' }, true)).toEqual(['areas', 'next_steps']);
    expect(filledFields(UNIT_TEMPLATES.eyfs, {}, false)).toEqual([]);
  });

  it('ignores fields the template does not hold', () => {
    expect(filledFields(UNIT_TEMPLATES.eyfs, { central_idea: 'Not an EYFS field' }, false)).toEqual([]);
  });
});
