import type { UnitFieldKey, UnitFields } from '@cue/contract';

/** The template's entries that have something to show, in the template's order (`areas` when there are any). */
export function filledFields(
  template: readonly (UnitFieldKey | 'areas')[],
  fields: UnitFields,
  hasAreas: boolean,
): (UnitFieldKey | 'areas')[] {
  return template.filter((key) => {
    if (key === 'areas') return hasAreas;
    const value = fields[key];
    if (typeof value === 'string') return value.trim().length > 0;
    return Array.isArray(value) && value.length > 0;
  });
}
