import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeAddress } from './addressParam';

/** A stand-in for the browser's address: what `window.location.search` shows until the router catches up. */
function withAddress(search: string, pathname = '/page') {
  vi.stubGlobal('window', { location: { pathname, search } });
  return (value: string) => {
    (globalThis as unknown as { window: { location: { search: string } } }).window.location.search = value;
  };
}

describe('changeAddress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a first change when a second one comes before the router shows it', () => {
    withAddress('?q=rain');
    const asked: string[] = [];
    const set = (next: unknown) => asked.push(String(next));
    changeAddress(set as never, { area: 'a1', page: null });
    changeAddress(set as never, { q: 'puddles', page: null });
    expect(asked).toEqual(['q=rain&area=a1', 'q=puddles&area=a1']);
  });

  it('starts from the address shown once the router has caught up, and drops empty values', () => {
    const show = withAddress('?tab=one', '/another-page');
    const asked: string[] = [];
    const set = (next: unknown) => asked.push(String(next));
    changeAddress(set as never, { tab: 'two' });
    show('?tab=two');
    changeAddress(set as never, { class_id: 'c1', tab: '' });
    expect(asked).toEqual(['tab=two', 'class_id=c1']);
  });
});
