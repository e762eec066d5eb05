import { ADMISSION_MESSAGES } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { sniffDocument } from '../../platform/documents.js';
import { checkAnswers, checkFormSections, reservedColumns } from './answers.js';
import { defaultForm } from './default-form.js';

const application = defaultForm('application').sections;
const enquiry = defaultForm('enquiry').sections;
const good = {
  child_first_name: ' Yara ',
  child_last_name: 'Khoury',
  child_date_of_birth: '14-03-2023',
  parent_first_name: 'Lina',
  parent_email: 'Lina@Example.com',
  parent_phone: '9811111111',
};
const docId = 'a'.repeat(24);

describe('checkAnswers', () => {
  it("keeps the form's answers, trimmed, and the documents of file fields", () => {
    const checked = checkAnswers(application, { ...good, birth_certificate: docId, unknown_key: 'dropped' });
    expect(checked.errors).toEqual([]);
    expect(checked.values).toMatchObject({
      child_first_name: 'Yara',
      parent_email: 'lina@example.com',
      birth_certificate: [docId],
    });
    expect(checked.values).not.toHaveProperty('unknown_key');
    expect(checked.documents).toEqual([{ fieldKey: 'birth_certificate', id: docId }]);
    expect(reservedColumns(checked.values)).toMatchObject({
      childDateOfBirth: '2023-03-14',
      parentLastName: '',
      parentPhone: '9811111111',
    });
  });

  it('says which required fields and documents are missing', () => {
    const { errors } = checkAnswers(application, { child_first_name: '  ' });
    expect(errors).toContainEqual({ field: 'child_first_name', message: ADMISSION_MESSAGES.requiredField });
    expect(errors).toContainEqual({ field: 'birth_certificate', message: ADMISSION_MESSAGES.documentMissing });
    expect(errors.some((e) => e.field === 'immunisation_record')).toBe(false);
  });

  it('checks each type: email, 10-digit phone, a day that exists, choices among the options, document ids', () => {
    const { errors } = checkAnswers(enquiry, {
      ...good,
      parent_email: 'lina@',
      parent_phone: '+91 98111',
      child_date_of_birth: '31-02-2023',
      heard_about: 'radio',
    });
    expect(errors.map((e) => e.field).sort()).toEqual(['child_date_of_birth', 'heard_about', 'parent_email', 'parent_phone']);
    expect(checkAnswers(enquiry, { ...good, heard_about: 'friend' }).errors).toEqual([]);
    expect(checkAnswers(application, { ...good, birth_certificate: '../etc/passwd' }).errors).toEqual([
      { field: 'birth_certificate', message: ADMISSION_MESSAGES.documentUnknown },
    ]);
  });

  it("checks numbers, multiple choices and checkboxes of a school's own fields", () => {
    const sections = [
      ...application,
      {
        id: 'extra',
        title: { en: 'Extra', ar: '', he: '' },
        fields: [
          { key: 'siblings', type: 'number' as const, label: { en: 'Siblings', ar: '', he: '' }, required: false, options: [] },
          {
            key: 'days',
            type: 'multiselect' as const,
            label: { en: 'Days', ar: '', he: '' },
            required: false,
            options: [
              { value: 'mon', label: { en: 'Monday', ar: '', he: '' } },
              { value: 'tue', label: { en: 'Tuesday', ar: '', he: '' } },
            ],
          },
          { key: 'consent', type: 'checkbox' as const, label: { en: 'I agree', ar: '', he: '' }, required: true, options: [] },
        ],
      },
    ];
    const base = { ...good, birth_certificate: docId };
    expect(checkAnswers(sections, { ...base, siblings: '2', days: ['mon', 'mon'], consent: true })).toMatchObject({
      errors: [],
      values: { siblings: 2, days: ['mon'], consent: true },
    });
    expect(
      checkAnswers(sections, { ...base, siblings: 'two', days: ['sun'], consent: false }).errors.map((e) => e.field),
    ).toEqual(['siblings', 'days', 'consent']);
  });
});

describe('checkFormSections', () => {
  it('accepts the default forms', () => {
    expect(checkFormSections(application)).toEqual([]);
    expect(checkFormSections(enquiry)).toEqual([]);
  });

  it('refuses a reserved field removed or retyped, a key used twice, a choice field without choices', () => {
    const removed = application.map((s) => ({ ...s, fields: s.fields.filter((f) => f.key !== 'parent_email') }));
    expect(checkFormSections(removed)).toEqual([{ field: 'sections.parent_email', message: ADMISSION_MESSAGES.reservedKey }]);
    const retyped = application.map((s) => ({
      ...s,
      fields: s.fields.map((f) => (f.key === 'parent_phone' ? { ...f, type: 'text' as const } : f)),
    }));
    expect(checkFormSections(retyped)[0]?.message).toBe(ADMISSION_MESSAGES.reservedKey);
    const twice = [
      ...application,
      { ...enquiry[2], id: 'again', fields: [...(enquiry[2]?.fields ?? []), ...(enquiry[2]?.fields ?? [])] },
    ];
    expect(checkFormSections(twice as typeof application).some((e) => e.message === ADMISSION_MESSAGES.duplicateKey)).toBe(true);
    const noChoices = enquiry.map((s) => ({
      ...s,
      fields: s.fields.map((f) => (f.type === 'select' ? { ...f, options: [] } : f)),
    }));
    expect(checkFormSections(noChoices)).toEqual([
      { field: 'sections.2.fields.0.options', message: 'Give the choices of this field' },
    ]);
  });
});

describe('sniffDocument', () => {
  it('knows a document by its first bytes, not its name', () => {
    expect(sniffDocument(Buffer.from('%PDF-1.7\n...'))?.mime).toBe('application/pdf');
    expect(sniffDocument(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))?.ext).toBe('jpg');
    expect(sniffDocument(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.ext).toBe('png');
    expect(sniffDocument(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic0000')]))?.ext).toBe('heic');
    expect(sniffDocument(Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from('....word/document.xml')]))?.ext).toBe(
      'docx',
    );
    expect(sniffDocument(Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from('....xl/workbook.xml')]))).toBeNull();
    expect(sniffDocument(Buffer.from('<html><script>'))).toBeNull();
  });
});
