import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { errorText, toast } from '../../../lib/notify';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** A small form: values, per-field errors, and the server's field errors mapped onto the fields. */
export function useFormState<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});

  const set = useCallback(<K extends keyof T & string>(field: K, value: T[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
  }, []);

  /** Runs the checks; true when every field passed. */
  const validate = useCallback(
    (check: (values: T) => FieldErrors<T>): boolean => {
      const found = check(values);
      const clean = Object.fromEntries(Object.entries(found).filter(([, message]) => !!message)) as FieldErrors<T>;
      setErrors(clean);
      return Object.keys(clean).length === 0;
    },
    [values],
  );

  /**
   * A failed save: each of the server's `errors[]` that names a field of this form shows next to it;
   * anything else (and a failure without field errors) shows as a toast with the server's message.
   */
  const showServerError = useCallback(
    (err: unknown, aliases: Record<string, keyof T & string> = {}) => {
      const matched: FieldErrors<T> = {};
      let rest = false;
      if (err instanceof ApiError && err.errors?.length) {
        for (const e of err.errors) {
          const field = (aliases[e.field] ?? e.field) as keyof T & string;
          if (field in values) matched[field] = e.message;
          else rest = true;
        }
      } else rest = true;
      if (Object.keys(matched).length > 0) setErrors((current) => ({ ...current, ...matched }));
      if (rest) toast.error(errorText(err));
    },
    [values],
  );

  return { values, errors, set, reset, validate, showServerError, setErrors };
}
