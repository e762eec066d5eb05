import { describe, expect, it } from 'vitest';
import { parsePartialJson, parsePartialObject } from './partialJson';

const ATTENDANCE = JSON.stringify({
  date: '21-11-2026',
  student_attendance_list: [
    { student_id: '65a1b2c3d4e5f60718293a4b', attendance_status: 'present' },
    { student_id: '65a1b2c3d4e5f60718293a4c', attendance_status: 'absent' },
  ],
  is_saved: false,
});

describe('parsePartialJson', () => {
  it('reads complete JSON exactly as JSON.parse does', () => {
    for (const text of [ATTENDANCE, '[1,-2.5e3,"x",true,false,null,{}]', '"a\\"b\\\\c\\u00e9\\n"', ' 42 ', '{"a":{"b":[[]]}}']) {
      expect(parsePartialJson(text)).toEqual(JSON.parse(text));
    }
  });

  it('reads every prefix of a streamed argument object without throwing, and never invents a key', () => {
    const full = JSON.parse(ATTENDANCE) as Record<string, unknown>;
    for (let end = 1; end <= ATTENDANCE.length; end += 1) {
      const value = parsePartialObject(ATTENDANCE.slice(0, end));
      for (const key of Object.keys(value)) expect(full).toHaveProperty(key);
    }
  });

  it('keeps an unfinished string value as far as it goes', () => {
    expect(parsePartialJson('{"title":"Sports da')).toEqual({ title: 'Sports da' });
    expect(parsePartialJson('["ab')).toEqual(['ab']);
    expect(parsePartialJson('"hel')).toBe('hel');
  });

  it('leaves out an unfinished key and a key whose value has not started', () => {
    expect(parsePartialJson('{"date":"21-11-2026","stud')).toEqual({ date: '21-11-2026' });
    expect(parsePartialJson('{"date":"21-11-2026","student_attendance_list"')).toEqual({ date: '21-11-2026' });
    expect(parsePartialJson('{"date":"21-11-2026","student_attendance_list":')).toEqual({ date: '21-11-2026' });
    expect(parsePartialJson('{"date":"21-11-2026",')).toEqual({ date: '21-11-2026' });
  });

  it('closes open arrays and objects, keeping the unfinished last element', () => {
    expect(parsePartialJson('{"list":[{"student_id":"65a1","attendance_st')).toEqual({ list: [{ student_id: '65a1' }] });
    expect(parsePartialJson('{"list":[{"id":"x"},{')).toEqual({ list: [{ id: 'x' }, {}] });
    expect(parsePartialJson('[[1,2],[3')).toEqual([[1, 2], [3]]);
  });

  it('leaves out unfinished literals, a lone minus sign and half an escape', () => {
    expect(parsePartialJson('{"is_saved":fa')).toEqual({});
    expect(parsePartialJson('{"a":1,"b":nu')).toEqual({ a: 1 });
    expect(parsePartialJson('[-')).toEqual([]);
    expect(parsePartialJson('{"a":"x\\')).toEqual({ a: 'x' });
    expect(parsePartialJson('{"a":"x\\u00')).toEqual({ a: 'x' });
  });

  it('reads a number cut off after its point or exponent as far as it is a number', () => {
    expect(parsePartialJson('[12')).toEqual([12]);
    expect(parsePartialJson('[1.')).toEqual([1]);
    expect(parsePartialJson('[1.5e')).toEqual([1.5]);
  });

  it('gives undefined for empty text and for text that is not JSON', () => {
    expect(parsePartialJson('')).toBeUndefined();
    expect(parsePartialJson('   ')).toBeUndefined();
    expect(parsePartialJson('hello')).toBeUndefined();
    expect(parsePartialJson('{"a" 1}')).toBeUndefined();
    expect(parsePartialJson('{"a":1} x')).toBeUndefined();
    expect(parsePartialJson('{a:1}')).toBeUndefined();
    expect(parsePartialJson('[1 2]')).toBeUndefined();
    expect(parsePartialJson('"\\q"')).toBeUndefined();
  });

  it('parsePartialObject gives {} for anything that is not an object', () => {
    expect(parsePartialObject('[1')).toEqual({});
    expect(parsePartialObject('nope')).toEqual({});
    expect(parsePartialObject('{"a":[1')).toEqual({ a: [1] });
  });
});
