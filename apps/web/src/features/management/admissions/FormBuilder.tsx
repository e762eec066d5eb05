import {
  ADMISSION_FORM_KINDS,
  type AdmissionFormKind,
  FORM_FIELD_TYPES,
  type FormField,
  type FormFieldType,
  type FormSection,
  LANGUAGES,
  type Language,
  type LocalizedText,
} from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Grid,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconExternalLink, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../../lib/notify';
import { AuditHistory } from '../../academic/components/AuditHistory';
import { ADMISSIONS_NS } from '../i18n';
import { isReservedKey, keyFromLabel, moveItem } from './admissionFormat';
import { type AdmissionForm, type AdmissionFormRequest, admissionText, useAdmissionForm, useSaveAdmissionForm } from './api';

const emptyText = (): LocalizedText => ({ en: '', ar: '', he: '' });

/** A text in the three languages, one tab each (English required, the others fall back to it). */
function LocalizedInput({
  label,
  value,
  onChange,
  multiline = false,
  required = false,
}: {
  label: string;
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
  multiline?: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation(ADMISSIONS_NS);
  const [lang, setLang] = useState<Language>('en');
  const Input = multiline ? Textarea : TextInput;
  return (
    <Stack gap={4}>
      <Tabs value={lang} onChange={(v) => setLang((v as Language) ?? 'en')} variant="pills" radius="xl">
        <Tabs.List aria-label={t('builder.languagesOf', { label })}>
          {LANGUAGES.map((l) => (
            <Tabs.Tab key={l} value={l} fz="xs" py={2} px="xs">
              {t(`languages.${l}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Input
        label={`${label} (${t(`languages.${lang}`)})`}
        value={value[lang]}
        onChange={(e) => onChange({ ...value, [lang]: e.currentTarget.value })}
        dir={lang === 'en' ? 'ltr' : 'rtl'}
        maxLength={500}
        required={required && lang === 'en'}
        placeholder={lang === 'en' ? undefined : value.en}
        {...(multiline ? { autosize: true, minRows: 2 } : {})}
      />
    </Stack>
  );
}

/** One field of a section: its label and help, type, key, whether it is required, its choices, its place. */
function FieldEditor({
  field,
  isNew,
  taken,
  first,
  last,
  onChange,
  onMove,
  onRemove,
}: {
  field: FormField;
  isNew: boolean;
  taken: string[];
  first: boolean;
  last: boolean;
  onChange: (field: FormField) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(ADMISSIONS_NS);
  const reserved = isReservedKey(field.key);
  const name = field.label.en || field.key;
  const choices = field.type === 'select' || field.type === 'multiselect';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="builder-field" data-key={field.key}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Group gap={6} miw={0}>
            {reserved && (
              <Tooltip label={t('builder.reserved')}>
                <IconLock size={16} aria-label={t('builder.reserved')} role="img" />
              </Tooltip>
            )}
            <Text fz="sm" fw={600} truncate>
              {name}
            </Text>
            <Text fz="xs" c="dimmed" dir="ltr">
              {field.key}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={first}
              onClick={() => onMove(-1)}
              aria-label={t('builder.fieldUp', { name })}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={last}
              onClick={() => onMove(1)}
              aria-label={t('builder.fieldDown', { name })}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            {!reserved && (
              <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('builder.fieldRemove', { name })}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <LocalizedInput
          label={t('builder.fieldLabel')}
          value={field.label}
          required
          onChange={(label) =>
            onChange({
              ...field,
              label,
              // A new field's key follows its English label until it is saved (saved answers keep their key).
              key: isNew && !reserved ? keyFromLabel(label.en, taken) : field.key,
            })
          }
        />
        <LocalizedInput
          label={t('builder.fieldHelp')}
          value={field.help ?? emptyText()}
          onChange={(help) => onChange({ ...field, help })}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('builder.fieldType')}
            data={FORM_FIELD_TYPES.map((x) => ({ value: x, label: t(`fieldTypes.${x}`) }))}
            value={field.type}
            onChange={(v) => v && onChange({ ...field, type: v as FormFieldType })}
            allowDeselect={false}
            disabled={reserved}
            w={180}
          />
          <Switch
            label={t('builder.required')}
            checked={field.required}
            onChange={(e) => onChange({ ...field, required: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
        {choices && (
          <Stack gap="xs">
            <Text fz="sm" fw={500}>
              {t('builder.options')}
            </Text>
            {field.options.map((option, i) => (
              <Group key={option.value} align="flex-end" wrap="nowrap" gap="xs">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <LocalizedInput
                    label={t('builder.option', { n: i + 1 })}
                    value={option.label}
                    onChange={(label) =>
                      onChange({ ...field, options: field.options.map((o, j) => (j === i ? { ...o, label } : o)) })
                    }
                  />
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={6}
                  onClick={() => onChange({ ...field, options: field.options.filter((_, j) => j !== i) })}
                  aria-label={t('builder.optionRemove', { name: option.label.en || option.value })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              w="fit-content"
              onClick={() => {
                const label = t('builder.newOption', { n: field.options.length + 1, lng: 'en' });
                const value = keyFromLabel(
                  label,
                  field.options.map((o) => o.value),
                );
                onChange({ ...field, options: [...field.options, { value, label: { en: label, ar: '', he: '' } }] });
              }}
            >
              {t('builder.addOption')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

const pick = (text: LocalizedText | undefined, lang: Language) => (text?.[lang] ?? '').trim() || text?.en || '';

/** The public form as a family will see it, in one language (inputs disabled). */
function Preview({ draft }: { draft: AdmissionFormRequest }) {
  const { t } = useTranslation(ADMISSIONS_NS);
  const [lang, setLang] = useState<Language>('en');
  return (
    <Paper withBorder radius="lg" p="md" data-testid="builder-preview">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} fz="md">
          {t('builder.preview')}
        </Title>
        <SegmentedControl
          size="xs"
          value={lang}
          onChange={(v) => setLang(v as Language)}
          data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          aria-label={t('builder.previewLanguage')}
        />
      </Group>
      <Stack gap="sm" dir={lang === 'en' ? 'ltr' : 'rtl'} lang={lang}>
        <Title order={4}>{pick(draft.title, lang)}</Title>
        {pick(draft.intro, lang) && (
          <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {pick(draft.intro, lang)}
          </Text>
        )}
        {draft.sections.map((s) => (
          <Stack key={s.id} gap="xs">
            <Text fw={700} fz="sm">
              {pick(s.title, lang)}
            </Text>
            {s.fields.map((f) => {
              const common = {
                label: pick(f.label, lang),
                description: pick(f.help, lang) || undefined,
                required: f.required,
                disabled: true,
              };
              const options = f.options.map((o) => ({ value: o.value, label: pick(o.label, lang) }));
              if (f.type === 'checkbox') return <Checkbox key={f.key} {...common} />;
              if (f.type === 'select') return <Select key={f.key} {...common} data={options} />;
              if (f.type === 'multiselect') return <MultiSelect key={f.key} {...common} data={options} />;
              if (f.type === 'textarea') return <Textarea key={f.key} {...common} />;
              if (f.type === 'file')
                return <Button key={f.key} variant="default" disabled>{`${common.label} · ${t('fieldTypes.file')}`}</Button>;
              return <TextInput key={f.key} {...common} />;
            })}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

const requestOf = (form: AdmissionForm): AdmissionFormRequest => ({
  title: form.title,
  intro: form.intro,
  open: form.open,
  sections: form.sections,
});

/** The form builder of one kind: its words, sections and fields, the live preview, the public link and Save. */
function KindBuilder({ kind }: { kind: AdmissionFormKind }) {
  const { t } = useTranslation(ADMISSIONS_NS);
  const form = useAdmissionForm(kind);
  const save = useSaveAdmissionForm();
  const [draft, setDraft] = useState<AdmissionFormRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (form.data) setDraft(requestOf(form.data));
  }, [form.data]);
  if (form.error && !form.data) return <Alert color="red" variant="light" title={errorText(form.error)} />;
  if (!form.data || !draft) return <Skeleton height={300} radius="md" />;
  const savedKeys = new Set(form.data.sections.flatMap((s) => s.fields.map((f) => f.key)));
  const allKeys = draft.sections.flatMap((s) => s.fields.map((f) => f.key));
  const setSections = (sections: FormSection[]) => setDraft({ ...draft, sections });
  const setSection = (i: number, section: FormSection) => setSections(draft.sections.map((s, j) => (j === i ? section : s)));
  const publicUrl = new URL(form.data.public_path, window.location.origin).toString();

  const submit = () => {
    setError(null);
    save.mutate(
      { kind, body: draft },
      {
        onSuccess: (answer) => toast.success(admissionText(answer.message) || t('messages.formSaved')),
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Paper withBorder radius="md" p="sm">
            <Text fz="sm" fw={500} mb={4}>
              {t('builder.publicLink')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text fz="sm" dir="ltr" truncate flex={1} data-testid="public-link">
                {publicUrl}
              </Text>
              <CopyButton value={publicUrl}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" leftSection={<IconCopy size={14} aria-hidden />} onClick={copy}>
                    {copied ? t('builder.copied') : t('builder.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button
                size="xs"
                variant="default"
                component="a"
                href={publicUrl}
                target="_blank"
                rel="noopener"
                leftSection={<IconExternalLink size={14} aria-hidden />}
              >
                {t('builder.open')}
              </Button>
            </Group>
          </Paper>
          <Switch
            label={t('builder.openSwitch')}
            description={t('builder.openHint')}
            checked={draft.open}
            onChange={(e) => setDraft({ ...draft, open: e.currentTarget.checked })}
          />
          <LocalizedInput
            label={t('builder.title')}
            value={draft.title}
            required
            onChange={(title) => setDraft({ ...draft, title })}
          />
          <LocalizedInput
            label={t('builder.intro')}
            value={draft.intro}
            multiline
            onChange={(intro) => setDraft({ ...draft, intro })}
          />
          {draft.sections.map((section, i) => {
            const name = section.title.en || section.id;
            const reservedInside = section.fields.some((f) => isReservedKey(f.key));
            return (
              <Paper
                key={section.id}
                withBorder
                radius="lg"
                p="md"
                component="section"
                aria-label={name}
                data-testid="builder-section"
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Title order={3} fz="md">
                      {t('builder.section', { n: i + 1 })}
                    </Title>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        disabled={i === 0}
                        onClick={() => setSections(moveItem(draft.sections, i, -1))}
                        aria-label={t('builder.sectionUp', { name })}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        disabled={i === draft.sections.length - 1}
                        onClick={() => setSections(moveItem(draft.sections, i, 1))}
                        aria-label={t('builder.sectionDown', { name })}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      {!reservedInside && draft.sections.length > 1 && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => setSections(draft.sections.filter((_, j) => j !== i))}
                          aria-label={t('builder.sectionRemove', { name })}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </Group>
                  <LocalizedInput
                    label={t('builder.sectionTitle')}
                    value={section.title}
                    required
                    onChange={(title) => setSection(i, { ...section, title })}
                  />
                  {section.fields.map((field, k) => (
                    <FieldEditor
                      // biome-ignore lint/suspicious/noArrayIndexKey: a new field's key follows its label as it is typed; keyed by it, the editor would lose focus at each letter.
                      key={`${section.id}-${k}`}
                      field={field}
                      isNew={!savedKeys.has(field.key)}
                      taken={allKeys.filter((key) => key !== field.key)}
                      first={k === 0}
                      last={k === section.fields.length - 1}
                      onChange={(next) =>
                        setSection(i, { ...section, fields: section.fields.map((f, j) => (j === k ? next : f)) })
                      }
                      onMove={(delta) => setSection(i, { ...section, fields: moveItem(section.fields, k, delta) })}
                      onRemove={() => setSection(i, { ...section, fields: section.fields.filter((_, j) => j !== k) })}
                    />
                  ))}
                  <Button
                    variant="light"
                    size="xs"
                    w="fit-content"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => {
                      const label = t('builder.newField', { lng: 'en' });
                      const field: FormField = {
                        key: keyFromLabel(label, allKeys),
                        type: 'text',
                        label: { en: label, ar: '', he: '' },
                        required: false,
                        options: [],
                      };
                      setSection(i, { ...section, fields: [...section.fields, field] });
                    }}
                  >
                    {t('builder.addField', { name })}
                  </Button>
                </Stack>
              </Paper>
            );
          })}
          <Button
            variant="default"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              const label = t('builder.newSection', { lng: 'en' });
              const id = keyFromLabel(
                label,
                draft.sections.map((s) => s.id),
              );
              setSections([...draft.sections, { id, title: { en: label, ar: '', he: '' }, fields: [] }]);
            }}
          >
            {t('builder.addSection')}
          </Button>
          {error && (
            <Alert color="red" variant="light" data-testid="form-error">
              {error}
            </Alert>
          )}
          <Group>
            <Button onClick={submit} loading={save.isPending} data-testid="save-form">
              {t('builder.save')}
            </Button>
            <Text fz="xs" c="dimmed">
              {t('builder.reservedNote')}
            </Text>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <div style={{ position: 'sticky', top: 16 }}>
          <Preview draft={draft} />
        </div>
      </Grid.Col>
    </Grid>
  );
}

/** The Forms tab: Enquiry and Application, each built on its own. */
export function FormBuilder() {
  const { t } = useTranslation(ADMISSIONS_NS);
  const [kind, setKind] = useState<AdmissionFormKind>('enquiry');
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          w="fit-content"
          value={kind}
          onChange={(v) => setKind(v as AdmissionFormKind)}
          data={ADMISSION_FORM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          aria-label={t('builder.kind')}
        />
        {/* The form of this kind is recorded under its kind. */}
        <AuditHistory entityType="admission_form" entityId={kind} />
      </Group>
      <KindBuilder key={kind} kind={kind} />
    </Stack>
  );
}
