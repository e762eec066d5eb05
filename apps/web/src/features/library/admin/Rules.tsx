import { type LibrarySettings, librarySettingsRequestSchema } from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/useContractForm';
import { errorText, toast } from '../../../lib/notify';
import { useLibrarySettings } from '../api';
import { useSaveLibrarySettings } from '../api-admin';
import { LIBRARY_ADMIN_NS } from '../i18n';
import { barcodeSample, libraryText } from './format';

const ns = LIBRARY_ADMIN_NS;

/** A rule added to the list: the ages after the last rule's, the defaults' days and limits. */
export function nextRule(
  settings: Pick<LibrarySettings, 'rules' | 'default_loan_days' | 'default_max_loans' | 'default_max_renewals'>,
) {
  const last = settings.rules.at(-1);
  const from = last ? Math.min(18, last.age_max + 1) : 0;
  return {
    label: '',
    age_min: from,
    age_max: Math.min(18, from + 2),
    loan_days: settings.default_loan_days,
    max_loans: settings.default_max_loans,
    max_renewals: settings.default_max_renewals,
  };
}

function RulesForm({ settings }: { settings: LibrarySettings }) {
  const { t } = useTranslation(ns);
  const save = useSaveLibrarySettings();
  const form = useContractForm({
    schema: librarySettingsRequestSchema,
    initialValues: settings,
    toBody: (v) => ({ ...v, barcode_prefix: v.barcode_prefix.trim().toUpperCase() }),
    messages: { 'rules.*.label': { required: t('rules.labelRequired') } },
  });
  const submit = form.submitWith((body) => save.mutateAsync(body), {
    onSuccess: (answer) => {
      const { result, message } = answer as { result: LibrarySettings; message?: string };
      toast.success(libraryText(message) || t('rules.saved'));
      form.setValues(result);
      form.resetDirty(result);
    },
  });
  const v = form.values;
  // The overlap refusal (the schema's or the server's) is said on the list of rules.
  const rulesError = form.errors.rules;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg" id="rules-title">
              {t('rules.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('rules.hint')}
            </Text>
          </div>
          {v.rules.length === 0 && (
            <Text fz="sm" c="dimmed" data-testid="rules-empty">
              {t('rules.empty')}
            </Text>
          )}
          {v.rules.map((rule, i) => (
            <Paper
              key={`rule-${
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are added and removed by place
                i
              }`}
              withBorder
              radius="md"
              p="sm"
              role="group"
              aria-label={t('rules.ruleN', { n: i + 1 })}
              data-testid="rule-row"
            >
              <Group gap="sm" align="flex-end" wrap="nowrap">
                <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" flex={1}>
                  <TextInput label={t('rules.label')} {...form.getInputProps(`rules.${i}.label`)} />
                  <NumberInput
                    label={t('rules.ageFrom')}
                    min={0}
                    max={18}
                    allowDecimal={false}
                    {...form.getInputProps(`rules.${i}.age_min`)}
                  />
                  <NumberInput
                    label={t('rules.ageTo')}
                    min={0}
                    max={18}
                    allowDecimal={false}
                    {...form.getInputProps(`rules.${i}.age_max`)}
                  />
                  <NumberInput
                    label={t('rules.loanDays')}
                    min={1}
                    max={120}
                    allowDecimal={false}
                    {...form.getInputProps(`rules.${i}.loan_days`)}
                  />
                  <NumberInput
                    label={t('rules.maxLoans')}
                    min={1}
                    max={50}
                    allowDecimal={false}
                    {...form.getInputProps(`rules.${i}.max_loans`)}
                  />
                  <NumberInput
                    label={t('rules.maxRenewals')}
                    min={0}
                    max={10}
                    allowDecimal={false}
                    {...form.getInputProps(`rules.${i}.max_renewals`)}
                  />
                </SimpleGrid>
                <Tooltip label={t('rules.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={2}
                    aria-label={t('rules.removeNamed', { name: rule.label || t('rules.ruleN', { n: i + 1 }) })}
                    onClick={() => form.removeListItem('rules', i)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
          {typeof rulesError === 'string' && (
            <Text c="red.8" fz="sm" role="alert" data-testid="rules-error">
              {libraryText(rulesError)}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.insertListItem('rules', nextRule(v))}
              disabled={v.rules.length >= 12}
            >
              {t('rules.add')}
            </Button>
          </Group>
        </Stack>

        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg">
              {t('rules.defaultsTitle')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('rules.defaultsHint')}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t('rules.loanDays')}
              min={1}
              max={120}
              allowDecimal={false}
              {...form.getInputProps('default_loan_days')}
            />
            <NumberInput
              label={t('rules.maxLoans')}
              min={1}
              max={50}
              allowDecimal={false}
              {...form.getInputProps('default_max_loans')}
            />
            <NumberInput
              label={t('rules.maxRenewals')}
              min={0}
              max={10}
              allowDecimal={false}
              {...form.getInputProps('default_max_renewals')}
            />
          </SimpleGrid>
        </Stack>

        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('rules.barcodesTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('rules.prefix')}
              dir="ltr"
              maxLength={8}
              {...form.getInputProps('barcode_prefix')}
              onChange={(e) => form.setFieldValue('barcode_prefix', e.currentTarget.value.toUpperCase())}
            />
            <NumberInput
              label={t('rules.nextNumber')}
              min={1}
              max={99_999_999}
              allowDecimal={false}
              {...form.getInputProps('next_barcode')}
            />
          </SimpleGrid>
          <Text fz="sm" data-testid="barcode-sample">
            {t('rules.sample')}{' '}
            <Text span ff="monospace" fw={600} dir="ltr">
              {barcodeSample(v.barcode_prefix, Number(v.next_barcode))}
            </Text>
          </Text>
        </Stack>

        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('rules.noticesTitle')}
          </Title>
          <Switch
            label={t('rules.notices')}
            description={t('rules.noticesHint')}
            {...form.getInputProps('overdue_notices', { type: 'checkbox' })}
          />
          <NumberInput
            label={t('rules.noticeDays')}
            min={0}
            max={60}
            allowDecimal={false}
            maw={280}
            disabled={!v.overdue_notices}
            {...form.getInputProps('notice_after_days')}
          />
        </Stack>

        {form.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="form-error">
            {libraryText(form.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={form.pending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            data-testid="rules-save"
          >
            {t('rules.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Rules: loan rules by age group, the defaults, the barcode sequence and the overdue notices. */
export function RulesTab() {
  const { t } = useTranslation(ns);
  const settings = useLibrarySettings();
  if (settings.isPending)
    return (
      <Stack gap="sm">
        <Skeleton height={36} />
        <Skeleton height={160} />
      </Stack>
    );
  if (settings.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
        <Group justify="space-between" gap="sm">
          <Text fz="sm">{errorText(settings.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void settings.refetch()}>
            {t('panel.retry')}
          </Button>
        </Group>
      </Alert>
    );
  return <RulesForm settings={settings.data} />;
}
