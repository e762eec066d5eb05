import { type SetURLSearchParams, useSearchParams } from 'react-router';

/*
 * The router hands a functional update the parameters of the last render, so two changes made before
 * the page renders again (a filter picked while a debounced search lands) would each start from the same
 * old address and the second would drop the first. Changes start instead from the address the last
 * change asked for, while the router has not yet shown it.
 */
let pending: { path: string; search: string; at: number } | null = null;
const PENDING_MS = 2000;

function currentSearch(): string {
  const { pathname, search } = window.location;
  const shown = search.replace(/^\?/, '');
  if (pending && (pending.path !== pathname || pending.search === shown || Date.now() - pending.at > PENDING_MS)) pending = null;
  return pending ? pending.search : shown;
}

/** Sets some of the address's parameters (null drops one), replacing the address rather than pushing one. */
export function changeAddress(setParams: SetURLSearchParams, changes: Record<string, string | null>): void {
  const next = new URLSearchParams(currentSearch());
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  pending = { path: window.location.pathname, search: next.toString(), at: Date.now() };
  setParams(next, { replace: true });
}

/**
 * A page's choice kept in its address's `?<name>=`, so that a link or a reload opens it again. Setting
 * replaces the address rather than pushing one (the back button leaves the page, not the choice), and
 * null drops the parameter, so the plain address stays the default.
 */
export function useAddressParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  return [params.get(name), (value) => changeAddress(setParams, { [name]: value })];
}

/** The page's tab, from `?tab=` (the first of `tabs` without one, or with one it does not have). */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (next: string | null) => void] {
  const [asked, set] = useAddressParam('tab');
  const first = tabs[0];
  const tab = tabs.find((t) => t === asked) ?? first;
  return [tab, (next) => set(next && next !== first ? next : null)];
}
