/**
 * The development set as training samples for the intent layer, and its deterministic splits:
 * a held-out fifth (by a hash of the sentence, the same on every machine) and five folds for
 * cross-validation.
 */
import { readFileSync } from 'node:fs';
import type { Label, Sample } from '../../engine/classifier.js';
import { hintsFor, prepare } from '../../engine/engine.js';
import { demoRoster, speakingTime } from '../quick.js';
import { readCases } from '../score.js';
import { DEV_FILE } from './generate.js';

export { foldOf, isHeldOut } from './split.js';

const TOOL_LABEL: Record<string, Label> = {
  mark_attendance: 'attendance',
  create_observation: 'observation',
  draft_announcement: 'announcement',
  class_question: 'question',
};

export interface DevSample extends Sample {
  raw: string;
  className: string;
}

export function devSamples(file = DEV_FILE): DevSample[] {
  const raw = readFileSync(file, 'utf8');
  const says = raw
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { says?: Label[] }).says);
  return readCases(raw).map((c, i) => {
    const { t: text, names } = prepare(c.text, demoRoster(c.className));
    const children = names.found.map((m) => ({ start: m.start, end: m.end }));
    // A sentence about a child of another class still says what it asks for.
    const labels = says[i] ?? [...new Set(c.expected.map((e) => TOOL_LABEL[e.name]).filter((l): l is Label => !!l))];
    const hints = hintsFor(c.text, { roster: demoRoster(c.className), now: speakingTime(c) });
    return { raw: c.text, text, children, labels, className: c.className, hints };
  });
}
