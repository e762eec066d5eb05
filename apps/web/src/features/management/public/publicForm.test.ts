import type { FormField, FormSection } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { answerKeyOf, answerProblem, answersBody, formProblems, localized, sourceOf } from './publicForm';

const text = (en: string, ar = '', he = '') => ({ en, ar, he });
const field = (over: Partial<FormField>): FormField => ({
  key: 'x',
  type: 'text',
  label: text('X'),
  required: false,
  options: [],
  ...over,
});

describe('localized', () => {
  it('says the text in the language, English when it is empty', () => {
    expect(localized(text('Name', 'الاسم', ''), 'ar')).toBe('الاسم');
    expect(localized(text('Name', 'الاسم', '  '), 'he')).toBe('Name');
    expect(localized(undefined, 'he')).toBe('');
  });
});

describe('answerProblem', () => {
  it('asks for required fields, a document for a required file', () => {
    expect(answerProblem(field({ required: true }), '  ')).toBe('required');
    expect(answerProblem(field({ required: true, type: 'checkbox' }), false)).toBe('required');
    expect(answerProblem(field({ required: true, type: 'file' }), [])).toBe('documentMissing');
    expect(answerProblem(field({ required: false }), '')).toBeNull();
  });
  it('checks emails, 10-digit phones, days, numbers and choices', () => {
    expect(answerProblem(field({ type: 'email' }), 'a@b')).toBe('email');
    expect(answerProblem(field({ type: 'email' }), 'a@b.co')).toBeNull();
    expect(answerProblem(field({ type: 'phone' }), '98765 43210')).toBeNull();
    expect(answerProblem(field({ type: 'phone' }), '987654321')).toBe('phone');
    expect(answerProblem(field({ type: 'date' }), '31-02-2024')).toBe('date');
    expect(answerProblem(field({ type: 'date' }), '29-02-2024')).toBeNull();
    expect(answerProblem(field({ type: 'number' }), 'two')).toBe('number');
    const choice = field({ type: 'select', options: [{ value: 'web', label: text('Web') }] });
    expect(answerProblem(choice, 'web')).toBeNull();
    expect(answerProblem(choice, 'tv')).toBe('choice');
    expect(answerProblem({ ...choice, type: 'multiselect' }, ['web', 'tv'])).toBe('choice');
  });
});

const sections: FormSection[] = [
  {
    id: 'child',
    title: text('Child'),
    fields: [
      field({ key: 'child_first_name', required: true }),
      field({ key: 'parent_phone', type: 'phone', required: true }),
      field({ key: 'siblings', type: 'number' }),
      field({ key: 'consent', type: 'checkbox' }),
      field({ key: 'note', type: 'textarea' }),
    ],
  },
];

describe('formProblems and answersBody', () => {
  it('lists every field with a problem by key', () => {
    expect(formProblems(sections, { parent_phone: '12' })).toEqual({ child_first_name: 'required', parent_phone: 'phone' });
    expect(formProblems(sections, { child_first_name: 'Maya', parent_phone: '9876543210' })).toEqual({});
  });
  it('sends trimmed text, numbers as numbers, phones without spaces and leaves empty answers out', () => {
    expect(answersBody(sections, { child_first_name: ' Maya ', parent_phone: '98765 43210', siblings: '2', note: ' ' })).toEqual({
      child_first_name: 'Maya',
      parent_phone: '9876543210',
      siblings: 2,
      consent: false,
    });
  });
});

describe('answerKeyOf', () => {
  it('reads the field key of a refusal', () => {
    expect(answerKeyOf('answers.parent_email')).toBe('parent_email');
    expect(answerKeyOf('desired_start')).toBeNull();
  });
});

describe('sourceOf', () => {
  it('reads the pipeline source of a "How did you hear about us" choice', () => {
    expect(sourceOf('social')).toBe('social');
    expect(sourceOf('friend')).toBe('referral');
    expect(sourceOf('newspaper')).toBe('other');
    expect(sourceOf('')).toBe('website');
  });
});
