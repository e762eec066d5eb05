import type { z } from 'zod';
import i18n from '../../lib/i18n';

/** What kind of refusal a schema made of a field: each kind has one sentence per language (`errors.field.*`). */
export type IssueKind =
  | 'required'
  | 'choose'
  | 'format'
  | 'email'
  | 'date'
  | 'time'
  | 'tooLong'
  | 'tooShort'
  | 'tooMany'
  | 'tooFew'
  | 'tooBig'
  | 'tooSmall'
  | 'custom'
  | 'invalid';

export type Issue = z.core.$ZodIssue;

/** The contract's formats, recognised by their patterns: a DD-MM-YYYY date, a time, an id (a choice in a list). */
const DATE_PATTERN = /\\d\{2\}-\\d\{2\}-\\d\{4\}/;
const TIME_PATTERN = /:\[0-5\]\\d/;
const ID_PATTERN = /\[0-9a-f\]\{24\}/;

const size = (value: number | bigint): number => Number(value);

/** The kind of a zod issue, and the number its sentence carries (a length, a count, a bound). */
export function issueKind(issue: Issue): { kind: IssueKind; count?: number } {
  switch (issue.code) {
    case 'invalid_type':
      return { kind: 'required' };
    case 'too_small': {
      const count = size(issue.minimum);
      if (issue.origin === 'string') return count <= 1 ? { kind: 'required' } : { kind: 'tooShort', count };
      if (issue.origin === 'array' || issue.origin === 'set') return count <= 1 ? { kind: 'choose' } : { kind: 'tooFew', count };
      return { kind: 'tooSmall', count };
    }
    case 'too_big': {
      const count = size(issue.maximum);
      if (issue.origin === 'string') return { kind: 'tooLong', count };
      if (issue.origin === 'array' || issue.origin === 'set') return { kind: 'tooMany', count };
      return { kind: 'tooBig', count };
    }
    case 'invalid_format': {
      if (issue.format === 'email') return { kind: 'email' };
      const pattern = 'pattern' in issue && typeof issue.pattern === 'string' ? issue.pattern : '';
      if (DATE_PATTERN.test(pattern)) return { kind: 'date' };
      if (ID_PATTERN.test(pattern)) return { kind: 'choose' };
      if (TIME_PATTERN.test(pattern)) return { kind: 'time' };
      return { kind: 'format' };
    }
    case 'invalid_value':
      return { kind: 'choose' };
    case 'custom':
      return { kind: 'custom' };
    default:
      return { kind: 'invalid' };
  }
}

/** A form's own words for a field's refusals: one sentence for any, or one per kind. */
export type FieldMessages = string | Partial<Record<IssueKind, string>>;

/**
 * A schema's refusal of a field in the reader's language: the form's own sentence for it when it has
 * one (e.g. 'Give the class a name'), else the general sentence of its kind. Never the schema's
 * English message.
 */
export function issueText(issue: Issue, own?: FieldMessages): string {
  const { kind, count } = issueKind(issue);
  const mine = typeof own === 'string' ? own : own?.[kind];
  if (mine) return mine;
  if (kind === 'custom') return i18n.t('errors.field.invalid');
  return count === undefined ? i18n.t(`errors.field.${kind}`) : i18n.t(`errors.field.${kind}`, { count });
}
