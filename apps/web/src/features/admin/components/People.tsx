import { normalizePhoneInput, PHONE_LENGTH } from '@cue/contract';
import { Avatar, Button, Group, type MantineColor, type MantineStyleProp, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { type Icon, IconFileImport, IconSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../lib/format';

/* The pieces the people pages (staff, students and their parents) share: form fields and table cells. */

/** The part of a contract form (components/form/useContractForm) that a group of text fields binds to. */
interface FieldsForm<K extends string> {
  getInputProps: (path: K) => GetInputPropsReturnType;
  setFieldValue: (path: K, value: string) => void;
}

/** First name (required, focused when the dialog opens) and last name. */
export function NameFields({ form }: { form: FieldsForm<'first_name' | 'last_name'> }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <TextInput label={t('common.firstName')} {...form.getInputProps('first_name')} required maxLength={60} data-autofocus />
      <TextInput label={t('common.lastName')} {...form.getInputProps('last_name')} maxLength={60} />
    </>
  );
}

/** Phone (digits only, +91) and email; `locked` shows them read-only (they identify the person once saved). */
export function ContactFields({ form, locked = false }: { form: FieldsForm<'phone' | 'email'>; locked?: boolean }) {
  const { t } = useTranslation('admin');
  const variant = locked ? 'filled' : 'default';
  return (
    <>
      <TextInput
        label={t('common.phone')}
        type="tel"
        inputMode="numeric"
        leftSection={<Text fz="sm">+91</Text>}
        {...form.getInputProps('phone')}
        onChange={(e) => form.setFieldValue('phone', normalizePhoneInput(e.currentTarget.value))}
        readOnly={locked}
        variant={variant}
        dir="ltr"
      />
      <TextInput
        label={t('common.email')}
        type="email"
        {...form.getInputProps('email')}
        readOnly={locked}
        variant={variant}
        dir="ltr"
      />
    </>
  );
}

/** How a new person's contact fields say what the schema refuses: a whole phone number, a valid email, one of them. */
export const contactMessages = (t: TFunction<'admin'>, required: string) => ({
  phone: { format: t('common.phoneDigits', { digits: PHONE_LENGTH }), custom: required },
  email: { email: t('common.emailInvalid') },
});

/** A table's person cell: picture (or initials) and name. */
export function PersonCell({
  name,
  initials,
  picture,
  color,
}: {
  name: string;
  initials: string;
  picture: string | null | undefined;
  color: MantineColor;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={picture} alt="" size={30} radius="xl" color={color} variant="light">
        {initials}
      </Avatar>
      <Text fz="sm" fw={600}>
        <bdi>{name}</bdi>
      </Text>
    </Group>
  );
}

const ISOLATE: MantineStyleProp = { unicodeBidi: 'isolate' };

/** A phone number (or a dash), left to right and isolated inside right-to-left text. */
export function PhoneText({ phone, dimmed = false }: { phone: string | null | undefined; dimmed?: boolean }) {
  const text = phone ? formatPhone(phone) : '—';
  return dimmed ? (
    <Text span c="dimmed" fz="xs" dir="ltr" style={ISOLATE}>
      {text}
    </Text>
  ) : (
    <Text fz="sm" dir="ltr" style={ISOLATE}>
      {text}
    </Text>
  );
}

/** A table's search box; its placeholder is its label. */
export function SearchInput({
  label,
  value,
  onChange,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width: number;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={{ base: '100%', xs: width }}
    />
  );
}

/** A people page's header actions: import from a file, and add one person. */
export function ImportAddActions({
  importLabel,
  addLabel,
  addIcon: AddIcon,
  onImport,
  onAdd,
}: {
  importLabel: string;
  addLabel: string;
  addIcon: Icon;
  onImport: () => void;
  onAdd: () => void;
}) {
  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={18} aria-hidden />} onClick={onImport}>
        {importLabel}
      </Button>
      <Button leftSection={<AddIcon size={18} aria-hidden />} onClick={onAdd}>
        {addLabel}
      </Button>
    </>
  );
}
