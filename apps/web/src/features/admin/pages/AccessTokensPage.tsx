import {
  type AccessTokenInfo,
  createAccessTokenRequestSchema,
  TEMP_TOKEN_MAX_MINUTES,
  TEMP_TOKEN_MIN_MINUTES,
} from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { fullName } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { TOKEN_LOGIN_PATH } from '../../auth/TokenLogin';
import { type CreatedAccessToken, useAccessTokens, useCreateAccessToken, useRevokeAccessToken, useStaffList } from '../api';
import { AdminPage, useAllowed, useCan } from '../components/AdminPage';
import { formatDateTime } from '../format';

const MIN_MINUTES = TEMP_TOKEN_MIN_MINUTES;
/** 24 hours: the server refuses a longer lifetime. */
const MAX_MINUTES = TEMP_TOKEN_MAX_MINUTES;

/** The link that signs someone in with a temporary token: the identity slice's token sign-in page. */
export const signInLink = (token: string) => `${window.location.origin}${TOKEN_LOGIN_PATH}?token=${encodeURIComponent(token)}`;

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} dir="ltr" data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('tokens.copied') : t('tokens.copy')}>
              <ActionIcon
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                size="lg"
                onClick={copy}
                aria-label={t('tokens.copyWhat', { what: label })}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function CreatedModal({ created, onClose }: { created: CreatedAccessToken; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <FormModal opened onClose={onClose} readOnly title={t('tokens.createdTitle')} submitLabel="" onSubmit={onClose}>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
        {t('tokens.onlyOnce')}
      </Alert>
      <Text fz="sm">
        {t('tokens.createdFor', {
          name: fullName(created.user),
          until: formatDateTime(created.expires_at, i18n.language),
        })}
      </Text>
      <CopyField label={t('tokens.token')} value={created.token} testId="created-token" />
      <CopyField label={t('tokens.link')} value={signInLink(created.token)} testId="created-link" />
    </FormModal>
  );
}

function CreateModal({ onClose, onCreated }: { onClose: () => void; onCreated: (token: CreatedAccessToken) => void }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const mayListStaff = can({ permission: 'admin_portal.staff' });
  const staff = useStaffList(mayListStaff);
  const create = useCreateAccessToken();
  const form = useContractForm({
    schema: createAccessTokenRequestSchema,
    initialValues: {
      label: '',
      user_id: null as string | null,
      amount: 60 as number | string,
      unit: 'minutes' as 'minutes' | 'hours',
    },
    toBody: (values) => ({
      label: values.label,
      expires_in_minutes: Math.round(Number(values.amount) * (values.unit === 'hours' ? 60 : 1)),
      ...(values.user_id ? { user_id: values.user_id } : {}),
    }),
    fields: { expires_in_minutes: 'amount' },
    messages: {
      label: { required: t('tokens.labelRequired') },
      amount: t('tokens.expiryRange', { min: MIN_MINUTES, hours: MAX_MINUTES / 60 }),
    },
  });
  const v = form.values;

  const submit = form.submitWith((body) => create.mutateAsync(body), {
    onSuccess: (created) => {
      toast.success(t('tokens.created'));
      onCreated(created as CreatedAccessToken);
    },
  });

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('tokens.new')}
      submitLabel={t('common.create')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <TextInput
        label={t('tokens.label')}
        description={t('tokens.labelHint')}
        {...form.getInputProps('label')}
        required
        maxLength={100}
        data-autofocus
      />
      <Select
        label={t('tokens.user')}
        placeholder={t('tokens.myself')}
        data={(staff.data ?? []).map((s) => ({ value: s.id, label: fullName(s) }))}
        {...form.getInputProps('user_id')}
        searchable
        clearable
        disabled={!mayListStaff}
        nothingFoundMessage={t('common.nothingFound')}
      />
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <NumberInput
          label={t('tokens.expiresIn')}
          {...form.getInputProps('amount')}
          min={1}
          max={v.unit === 'hours' ? MAX_MINUTES / 60 : MAX_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          style={{ flex: 1 }}
        />
        <SegmentedControl
          aria-label={t('tokens.unit')}
          {...form.getInputProps('unit')}
          data={[
            { value: 'minutes', label: t('tokens.minutes') },
            { value: 'hours', label: t('tokens.hours') },
          ]}
          mb={form.errors.amount ? 26 : 0}
        />
      </Group>
    </FormModal>
  );
}

/** Temporary access tokens: sign-in tokens that expire, for support or a shared device; create and revoke. */
export default function AccessTokensPage() {
  const { t, i18n } = useTranslation('admin');
  const tokens = useAccessTokens(useAllowed('access-tokens'));
  const revoke = useRevokeAccessToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const [revoking, setRevoking] = useState<AccessTokenInfo | null>(null);
  const closeCreate = useCallback(() => setCreating(false), []);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(t('tokens.revoked', { label: revoking.label }));
        setRevoking(null);
      },
      onError: (err) => toast.error(errorText(err)),
    });
  };

  return (
    <AdminPage
      item="access-tokens"
      title={t('menu.access-tokens')}
      description={t('tokens.description')}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('tokens.new')}
        </Button>
      }
    >
      <DataTable
        testId="tokens-table"
        caption={t('menu.access-tokens')}
        rows={tokens.data}
        loading={tokens.isPending}
        error={tokens.error}
        onRetry={() => void tokens.refetch()}
        rowKey={(tk) => tk.id}
        rowLabel={(tk) => tk.label}
        emptyText={t('tokens.empty')}
        columns={[
          {
            key: 'label',
            header: t('tokens.label'),
            render: (tk) => (
              <Group gap="xs" wrap="nowrap">
                <IconKey size={16} aria-hidden />
                <Text fz="sm" fw={600}>
                  {tk.label}
                </Text>
              </Group>
            ),
          },
          { key: 'user', header: t('tokens.user'), render: (tk) => <Text fz="sm">{fullName(tk.user)}</Text> },
          {
            key: 'created',
            header: t('tokens.createdAt'),
            render: (tk) => <Text fz="sm">{formatDateTime(tk.created_at, i18n.language)}</Text>,
          },
          {
            key: 'expires',
            header: t('tokens.expiresAt'),
            render: (tk) => <Text fz="sm">{formatDateTime(tk.expires_at, i18n.language)}</Text>,
          },
        ]}
        actions={(tk) => [{ label: t('tokens.revoke'), icon: IconTrash, color: 'red', onClick: () => setRevoking(tk) }]}
      />
      {creating && (
        <CreateModal
          onClose={closeCreate}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {created && <CreatedModal created={created} onClose={() => setCreated(null)} />}
      <ConfirmModal
        opened={!!revoking}
        onClose={() => setRevoking(null)}
        title={t('tokens.revokeTitle')}
        message={t('tokens.revokeConfirm', { label: revoking?.label ?? '', name: revoking ? fullName(revoking.user) : '' })}
        confirmLabel={t('tokens.revoke')}
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
      />
    </AdminPage>
  );
}
