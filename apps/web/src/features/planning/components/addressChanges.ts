import { useSearchParams } from 'react-router';

/**
 * Several of a page's address parameters changed in one step (a filter and its page reset together):
 * the router's setter does not queue, so two single-parameter setters in one handler would lose the
 * first. Null or '' drops a parameter; the address is replaced, not pushed, as `useAddressParam` does.
 */
export function useAddressChanges(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const change = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return [params, change];
}

/** A parameter's value when it is one of `allowed`, else undefined. */
export const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.find((a) => a === value);
