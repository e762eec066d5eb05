/*
 * The date module is the contract's (`packages/contract/src/dates.ts`); these names stay for the
 * callers that still import them from here.
 */
import { ddmmyyyyFromIso } from '@cue/contract';
import { isoFromWire } from '../../platform/dates.js';

export { addDays, eachDay, todayIn, WEEKDAY_NAMES, weekdayOf, weekStart } from '@cue/contract';
/** 'DD-MM-YYYY' → ISO, refusing days that do not exist (400 on the field). */
export const toIso = isoFromWire;
/** ISO → 'DD-MM-YYYY'. */
export const toDdmmyyyy = ddmmyyyyFromIso;
