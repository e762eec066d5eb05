import { describe, expect, it } from 'vitest';
import { findUnsafeText } from './common.js';

describe('findUnsafeText', () => {
  it('names the first field holding a null byte or a lone surrogate', () => {
    expect(findUnsafeText({ title: 'ok', list: [{ note: 'a\u0000b' }] })).toBe('list.0.note');
    expect(findUnsafeText({ name: 'x\ud800' })).toBe('name');
    expect(findUnsafeText({ name: '\udc00y' })).toBe('name');
    expect(findUnsafeText('\u0000')).toBe('');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('k\ufffd');
  });

  it('accepts any well-formed text, emoji and other scripts included', () => {
    expect(findUnsafeText({ a: '👨‍👩‍👧 عربى עברית \u202e', b: [1, null, true, { c: '𝓤' }] })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });

  it('looks into JSON held in a string when asked', () => {
    const payload = { user_query: JSON.stringify({ command: 'a\u0000' }) };
    expect(findUnsafeText(payload)).toBeNull();
    expect(findUnsafeText(payload, { json: true })).toBe('user_query.command');
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^0(\.0)+\.?…$/);
  });
});
