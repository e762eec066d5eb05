import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { fieldErrorText } from '../../lib/errors';
import { errorText } from '../../lib/notify';
import { type FieldMessages, issueText } from './issues';

// The shape Mantine's forms take: any object of fields (an interface too).
// biome-ignore lint/suspicious/noExplicitAny: the field values are whatever each form holds.
type Values = Record<string, any>;

export interface ContractFormOptions<V extends Values, S extends z.ZodType> {
  /** The contract's schema of what the route reads: the form is checked with it before anything is sent. */
  schema: S;
  initialValues: V;
  /** The request the values make (pickers' dates to the wire's, empty to absent, …); the values themselves by default. */
  toBody?: (values: V) => z.input<S>;
  /**
   * Where a refusal of a request field shows in the form, when the form calls it otherwise: request
   * path → form field (`'observation_entries': 'students'`; `*` stands for any list index). A request
   * field the form has under the same name needs no entry.
   */
  fields?: Record<string, string>;
  /** The form's own words for its fields' refusals (e.g. 'Give the class a name'), instead of the general ones. */
  messages?: Partial<Record<string, FieldMessages>>;
  /** Rules of this screen the schema does not hold (a date after another, one of two fields): field → sentence. */
  rules?: (values: V) => Partial<Record<string, string | false | null | undefined>>;
}

export interface SubmitHandlers<V> {
  /** After the server accepted it. */
  onSuccess?: (answer: unknown, values: V) => void;
  /** The form did not pass its checks (nothing was sent): the refusals by field. */
  onInvalid?: (errors: FormErrors) => void;
  /** The server refused it; the refusal is already shown on the fields or as the form's error. */
  onError?: (err: unknown) => void;
}

export interface ContractFormExtras<V extends Values, S extends z.ZodType> {
  /**
   * A submit handler for `<form onSubmit>` (or a button's click): checks the values with the schema and
   * the rules, then sends the request `send` makes of the checked body; the server's `errors[]` land on
   * their fields, any other refusal in `error`.
   */
  submitWith: (
    send: (body: z.output<S>, values: V) => Promise<unknown>,
    handlers?: SubmitHandlers<V>,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Shows a failure of a call made outside `submitWith` the same way (fields, else `error`). */
  showError: (err: unknown) => void;
  /** The request is on its way. */
  pending: boolean;
  /** What the server (or a check of no field) refused, in the reader's language; null when nothing is wrong. */
  error: string | null;
  setError: (error: string | null) => void;
}

export type ContractForm<V extends Values, S extends z.ZodType> = UseFormReturnType<V> & ContractFormExtras<V, S>;

const listIndex = /\.\d+(?=\.|$)/g;

/** Where a request path's refusal shows: the form's field for it, or the request path when the form has that field. */
function formPathOf(path: string, values: Values, fields: Record<string, string> | undefined): string | null {
  const segments = path.split('.');
  for (let n = segments.length; n > 0; n -= 1) {
    const prefix = segments.slice(0, n).join('.');
    const mapped = fields?.[prefix] ?? fields?.[prefix.replace(listIndex, '.*')];
    if (mapped) return mapped;
  }
  return segments[0] && segments[0] in values ? path : null;
}

const joinPath = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * The one form pattern: a Mantine form whose checks are the contract's zod schema of the route (its
 * refusals said in the reader's language), whose submit sends the checked request and shows the
 * server's `errors[]` on their fields, and which knows whether a request is on its way and what the
 * server refused.
 */
export function useContractForm<V extends Values, S extends z.ZodType>(options: ContractFormOptions<V, S>): ContractForm<V, S> {
  const latest = useRef(options);
  latest.current = options;
  const [error, setError] = useState<string | null>(null);

  /** The schema's and the screen's refusals by form field (a refusal of no field of the form under ''), and the checked body. */
  const check = useCallback((values: V): { errors: FormErrors; body: z.output<S> | null } => {
    const { schema, toBody, fields, messages, rules } = latest.current;
    const errors: FormErrors = {};
    const parsed = schema.safeParse(toBody ? toBody(values) : values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = formPathOf(joinPath(issue.path), values, fields) ?? '';
        errors[path] ??= issueText(issue, messages?.[path]);
      }
    }
    for (const [field, text] of Object.entries(rules?.(values) ?? {})) if (text && !errors[field]) errors[field] = text;
    return { errors, body: parsed.success ? parsed.data : null };
  }, []);

  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    // A refusal of no field of the form stays under '' and is shown as the form's error.
    validate: (values) => check(values).errors,
  });
  const { setErrors } = form;

  const showError = useCallback(
    (err: unknown) => {
      const { fields, initialValues } = latest.current;
      const onFields: FormErrors = {};
      let elsewhere = !(err instanceof ApiError && err.errors?.length);
      if (err instanceof ApiError) {
        for (const refusal of err.errors ?? []) {
          const path = formPathOf(refusal.field, initialValues, fields);
          if (path) onFields[path] ??= fieldErrorText(err, refusal);
          else elsewhere = true;
        }
      }
      if (Object.keys(onFields).length > 0) setErrors((current) => ({ ...current, ...onFields }));
      setError(elsewhere ? errorText(err) : null);
    },
    [setErrors],
  );

  const submitWith = useCallback<ContractFormExtras<V, S>['submitWith']>(
    (send, handlers = {}) =>
      form.onSubmit(
        async (values) => {
          setError(null);
          const { body } = check(values);
          if (!body) return;
          try {
            const answer = await send(body, values);
            handlers.onSuccess?.(answer, values);
          } catch (err) {
            showError(err);
            handlers.onError?.(err);
          }
        },
        (errors) => handlers.onInvalid?.(errors),
      ),
    [form.onSubmit, check, showError],
  );

  const unplaced = form.errors[''];
  return {
    ...form,
    submitWith,
    showError,
    pending: form.submitting,
    error: error ?? (typeof unplaced === 'string' ? unplaced : null),
    setError,
  };
}
