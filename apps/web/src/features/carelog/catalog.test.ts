import {
  CARE_KINDS,
  CARELOG_MESSAGES,
  INCIDENT_KINDS,
  MEAL_AMOUNTS,
  MEALS,
  MOODS,
  NAPPY_STATES,
  SLEEP_POSITIONS,
} from '@cue/contract';
import { expect } from 'vitest';
import { describeCatalogs, keysInCode, keysInComponent } from '../../lib/catalog-test';
import { CORRECTABLE } from './care';

describeCatalogs({
  title: 'the carelog catalogs',
  ns: 'carelog',
  // Every key the carelog's screens ask for, with the keys built from the contract's values.
  keys: () => [
    ...keysInCode('carelog'),
    ...keysInComponent('DayNav.tsx'),
    ...CARE_KINDS.map((k) => `kind.${k}`),
    ...MEALS.map((m) => `meal.${m}`),
    ...MEAL_AMOUNTS.map((a) => `amount.${a}`),
    ...NAPPY_STATES.map((s) => `state.${s}`),
    ...MOODS.map((m) => `mood.${m}`),
    ...SLEEP_POSITIONS.map((p) => `position.${p}`),
    ...INCIDENT_KINDS.map((k) => `incidentKind.${k}`),
    ...['allergy', 'condition', 'diet'].map((k) => `alert.${k}`),
    ...['all', 'unacknowledged', 'unreviewed', 'regulator'].flatMap((s) => [`incident.state.${s}`, `incident.empty.${s}`]),
    ...CORRECTABLE.map((f) => `correctable.${f}`),
    ...['left', 'right', 'middle'].map((w) => `body.where.${w}`),
    ...Object.keys(CARELOG_MESSAGES).map((m) => `messages.${m}`),
  ],
  messages: {
    title: 'hold the contract messages verbatim in English (the counted one in its plural forms)',
    check: (en) => {
      const messages = en.messages as Record<string, string>;
      for (const [name, text] of Object.entries(CARELOG_MESSAGES)) {
        if (typeof text === 'string') expect(messages[name], name).toBe(text);
      }
      expect(messages.savedMany_one?.replace('{{count}}', '1')).toBe(CARELOG_MESSAGES.savedMany(1));
      expect(messages.savedMany_other?.replace('{{count}}', '12')).toBe(CARELOG_MESSAGES.savedMany(12));
    },
  },
});
