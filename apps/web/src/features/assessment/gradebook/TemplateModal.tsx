import { REPORT_SECTION_KINDS, type ReportTemplate, reportTemplateRequestSchema } from '@cue/contract';
import { Group, Paper, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toastThen } from '../../../lib/saved';
import { useSaveTemplate } from '../api-gradebook';
import { assessmentMessage, GRADEBOOK_NS } from '../i18n';
import { ListAdd, RowMoves } from './RowMoves';

type SectionKind = (typeof REPORT_SECTION_KINDS)[number];
interface Section {
  kind: SectionKind;
  title: string;
  text: string;
}
interface Values {
  name: string;
  sections: Section[];
  show_logo: boolean;
  head_name: string;
}

/** What a new template holds: the report card most schools print. */
const STARTING_SECTIONS: Section[] = [
  { kind: 'attendance', title: '', text: '' },
  { kind: 'comments', title: '', text: '' },
  { kind: 'grades', title: '', text: '' },
  { kind: 'hpc', title: '', text: '' },
  { kind: 'signatures', title: '', text: '' },
];

/** A report card template: its name, sections in order (kind, title, text), the school's logo and the head's name. */
export function TemplateModal({ template, onClose }: { template: ReportTemplate | null; onClose: () => void }) {
  const { t } = useTranslation(GRADEBOOK_NS);
  const save = useSaveTemplate();
  const form = useContractForm({
    schema: reportTemplateRequestSchema,
    initialValues: {
      name: template?.name ?? '',
      sections: template?.sections ?? STARTING_SECTIONS,
      show_logo: template?.show_logo ?? true,
      head_name: template?.head_name ?? '',
    } as Values,
    rules: (v) => ({ sections: v.sections.length === 0 && t('templates.sectionsRequired') }),
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: template?._id ?? null, body }), {
    onSuccess: toastThen(assessmentMessage(template ? 'templateSaved' : 'templateCreated'), onClose),
  });
  const sections = form.values.sections;
  const sectionsError = form.errors.sections;

  return (
    <FormModal
      opened
      onClose={onClose}
      title={template ? t('templates.editTitle') : t('templates.newTitle')}
      submitLabel={template ? t('templates.save') : t('templates.create')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="xl"
    >
      <TextInput label={t('templates.name')} required maxLength={120} data-autofocus dir="auto" {...form.getInputProps('name')} />
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('templates.headName')}
          maxLength={120}
          dir="auto"
          flex="1 1 220px"
          {...form.getInputProps('head_name')}
        />
        <Switch label={t('templates.showLogo')} mb={8} {...form.getInputProps('show_logo', { type: 'checkbox' })} />
      </Group>
      <Stack gap="xs" data-testid="template-sections">
        <Text fz="sm" fw={500}>
          {t('templates.sections')}
        </Text>
        {sections.map((section, index) => {
          const name = t(`templates.kinds.${section.kind}`);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a section is its position in the list being edited
            <Paper key={index} withBorder p="xs" radius="md" data-testid="template-section">
              <Stack gap="xs">
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <Select
                    label={t('templates.kind')}
                    data={REPORT_SECTION_KINDS.map((k) => ({ value: k, label: t(`templates.kinds.${k}`) }))}
                    allowDeselect={false}
                    w={180}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps(`sections.${index}.kind`)}
                  />
                  <TextInput
                    label={t('templates.sectionTitle')}
                    placeholder={name}
                    maxLength={120}
                    dir="auto"
                    flex="1 1 180px"
                    {...form.getInputProps(`sections.${index}.title`)}
                  />
                  <Group gap={2} wrap="nowrap" mb={1}>
                    <RowMoves
                      index={index}
                      count={sections.length}
                      labels={{
                        up: t('templates.up', { name: section.title || name }),
                        down: t('templates.down', { name: section.title || name }),
                        remove: t('templates.remove', { name: section.title || name }),
                      }}
                      onMove={(from, to) => form.reorderListItem('sections', { from, to })}
                      onRemove={(at) => form.removeListItem('sections', at)}
                    />
                  </Group>
                </Group>
                {section.kind === 'text' && (
                  <Textarea
                    label={t('templates.text')}
                    autosize
                    minRows={2}
                    maxLength={3000}
                    dir="auto"
                    {...form.getInputProps(`sections.${index}.text`)}
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
        <ListAdd
          error={sectionsError}
          label={t('templates.addSection')}
          full={sections.length >= 20}
          onAdd={() => form.insertListItem('sections', { kind: 'text', title: '', text: '' })}
        />
      </Stack>
    </FormModal>
  );
}
