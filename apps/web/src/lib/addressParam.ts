import { useSearchParams } from 'react-router';

/**
 * A page's choice kept in its address's `?<name>=`, so that a link or a reload opens it again. Setting
 * replaces the address rather than pushing one (the back button leaves the page, not the choice), and
 * null drops the parameter, so the plain address stays the default.
 */
export function useAddressParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        if (value === null) copy.delete(name);
        else copy.set(name, value);
        return copy;
      },
      { replace: true },
    );
  return [params.get(name), set];
}

/** The page's tab, from `?tab=` (the first of `tabs` without one, or with one it does not have). */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (next: string | null) => void] {
  const [asked, set] = useAddressParam('tab');
  const first = tabs[0];
  const tab = tabs.find((t) => t === asked) ?? first;
  return [tab, (next) => set(next && next !== first ? next : null)];
}
