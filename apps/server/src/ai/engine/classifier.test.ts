import { describe, expect, it } from 'vitest';
import { features, IntentModel, intentModel, LABELS, type Sample, scoreMessage, tokensFor } from './classifier.js';

const samples: Sample[] = [
  { text: 'Kabir is absent today', children: [{ start: 0, end: 5 }], labels: ['attendance'] },
  { text: 'Meera came in late', children: [{ start: 0, end: 5 }], labels: ['attendance'] },
  { text: 'Diya built a tall tower', children: [{ start: 0, end: 4 }], labels: ['observation'] },
  { text: 'Omar painted a rainbow', children: [{ start: 0, end: 4 }], labels: ['observation'] },
  { text: 'Tell parents sports day is on Friday', children: [], labels: ['announcement'] },
  { text: 'Reminder: photo day is next week', children: [], labels: ['announcement'] },
  { text: 'Who was absent this week?', children: [], labels: ['question'] },
  { text: 'Good morning', children: [], labels: [] },
];

describe('the intent layer', () => {
  it('trains the same model from the same samples (deterministic)', () => {
    const a = IntentModel.train(samples, { epochs: 4, seed: 7, dropout: 0.2 });
    const b = IntentModel.train(samples, { epochs: 4, seed: 7, dropout: 0.2 });
    expect(JSON.stringify(a.toJSON())).toBe(JSON.stringify(b.toJSON()));
    const c = IntentModel.train(samples, { epochs: 4, seed: 8, dropout: 0.2 });
    expect(JSON.stringify(c.toJSON())).not.toBe(JSON.stringify(a.toJSON()));
  });

  it('scores after saving and loading as it did before, within the int8 rounding', () => {
    const model = IntentModel.train(samples, { epochs: 6 });
    const loaded = IntentModel.fromJSON(JSON.parse(JSON.stringify(model.toJSON())));
    for (const s of samples) {
      const before = model.score(s.text, s.children);
      const after = loaded.score(s.text, s.children);
      for (const l of LABELS) expect(after[l]).toBeCloseTo(before[l], 1);
    }
  });

  it('refuses a model file made for another engine', () => {
    const saved = IntentModel.train(samples, { epochs: 1 }).toJSON();
    expect(() => IntentModel.fromJSON({ ...saved, bits: 12 })).toThrow(/ai:train/);
    expect(() => IntentModel.fromJSON({ ...saved, labels: ['attendance'] })).toThrow(/ai:train/);
  });

  it('reads a child as one placeholder, whatever the name or script', () => {
    expect(tokensFor('Kabir is absent', [{ start: 0, end: 5 }])).toEqual(['§', 'is', 'absent']);
    expect(tokensFor('آدم غايب', [{ start: 0, end: 3 }])).toEqual(['§', 'غايب']);
    const a = features('Kabir is absent', [{ start: 0, end: 5 }]);
    const b = features('Meera is absent', [{ start: 0, end: 5 }]);
    expect([...a.idx]).toEqual([...b.idx]);
  });

  it('loads the committed model and hears what ordinary messages ask for', () => {
    const model = intentModel();
    const at = (text: string, children: { start: number; end: number }[] = []) => scoreMessage(model, text, children);
    expect(at('Kabir is off sick today', [{ start: 0, end: 5 }]).attendance).toBeGreaterThan(0.5);
    expect(at('Meera counted to ten on her own', [{ start: 0, end: 5 }]).observation).toBeGreaterThan(0.5);
    expect(at('Dear parents, the nursery is closed on Monday').announcement).toBeGreaterThan(0.5);
    expect(at('Who was absent yesterday?').question).toBeGreaterThan(0.5);
    expect(at('آدم غايب اليوم', [{ start: 0, end: 3 }]).attendance).toBeGreaterThan(0.5);
    expect(at('תזכורת: מחר אין גן').announcement).toBeGreaterThan(0.5);
    const none = at('thanks, see you tomorrow');
    for (const l of LABELS) expect(none[l]).toBeLessThan(0.5);
  });
});
