import { consentTypeRequestSchema } from '@cue/contract';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/useContractForm';
import { ApiError } from '../../../lib/api';
import { errorText, toast } from '../../../lib/notify';
import { useClassOptions } from '../../admin/components/options';
import { useConsentTypes, useCreateConsentType, useRequestCheck } from '../api';
import { CHILDREN_NS } from '../i18n';

/** The yearly "check your child's details": asked of the whole school's families or of one class's. */
function CheckRequest() {
  const { t } = useTranslation(CHILDREN_NS);
  const classes = useClassOptions();
  const [classId, setClassId] = useState<string | null>(null);
  const ask = useRequestCheck();
  const send = () =>
    ask.mutate(classId, {
      onSuccess: (answer) => toast.success(t('check.asked', { count: answer.requested })),
      onError: (err) => toast.error(errorText(err)),
    });
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby="record-check-title"
      data-testid="record-check-request"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id="record-check-title">
          {t('check.requestTitle')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('check.requestHint')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('check.who')}
            data={[{ value: '', label: t('check.wholeSchool') }, ...classes.options]}
            value={classId ?? ''}
            onChange={(value) => setClassId(value || null)}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
          />
          <Button leftSection={<IconChecklist size={16} />} onClick={send} loading={ask.isPending}>
            {t('check.ask')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The school's own kinds of consent, beside the built-in ones every record has. */
function ConsentTypes() {
  const { t } = useTranslation(CHILDREN_NS);
  const list = useConsentTypes();
  const create = useCreateConsentType();
  const form = useContractForm({ schema: consentTypeRequestSchema, initialValues: { label: '' } });
  const submit = form.submitWith((body) => create.mutateAsync(body), {
    onSuccess: (_answer, values) => {
      toast.success(t('consentTypes.added', { label: values.label.trim() }));
      form.reset();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) form.setError(t('consentTypes.exists'));
    },
  });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="consent-types-title" data-testid="consent-types">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="consent-types-title">
          {t('consentTypes.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('consentTypes.hint')}
        </Text>
        <Group gap={6} wrap="wrap" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data?.length === 0 && (
            <Text fz="sm" c="dimmed">
              {t('consentTypes.none')}
            </Text>
          )}
          {(list.data ?? []).map((type) => (
            <Badge key={type.id} component="li" variant="light" tt="none" size="lg" data-testid="consent-type">
              <bdi>{type.label}</bdi>
            </Badge>
          ))}
        </Group>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('consentTypes.label')}
              {...form.getInputProps('label')}
              error={form.errors.label ?? form.error}
              w={{ base: '100%', xs: 280 }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} leftSection={<IconPlus size={16} />} loading={form.pending}>
              {t('consentTypes.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}

/** On the students page, for those who manage students: the yearly check, and the school's own consents. */
export default function SchoolRecordTools() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <CheckRequest />
      <ConsentTypes />
    </SimpleGrid>
  );
}
