import { useSearchParams } from 'react-router';
import { changeAddress } from '../../../lib/addressParam';

/**
 * Several of a page's address parameters changed in one step (a filter and its page reset together).
 * Null or '' drops a parameter; the address is replaced, not pushed, as `useAddressParam` does.
 */
export function useAddressChanges(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  return [params, (changes) => changeAddress(setParams, changes)];
}

/** A parameter's value when it is one of `allowed`, else undefined. */
export const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.find((a) => a === value);
