import { pagePath } from '@cue/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName } from '../../../lib/format';
import { errorText, toast } from '../../../lib/notify';
import { formatDateTime } from '../../admin/format';
import { type ChangeRequest, useChangeRequests, useDecideChange } from '../api';
import { CHILDREN_NS } from '../i18n';

type Contact = { id?: string; kind?: string; name?: string; relationship?: string; phone?: string | null };

/** A proposed or current value as text lines (lists joined, objects by their parts, contacts one a line). */
function Value({ field, value }: { field: string; value: unknown }): ReactNode {
  const { t } = useTranslation(CHILDREN_NS);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  if (field === 'contacts' && Array.isArray(value))
    return (
      <Stack gap={2}>
        {(value as Contact[]).map((c) => (
          <Text key={`${c.id ?? ''}-${c.kind}-${c.name}-${c.phone ?? ''}`} fz="sm">
            <bdi>{c.name}</bdi>
            {c.relationship ? ` · ${c.relationship}` : ''}
            {c.phone ? (
              <>
                {' · '}
                <bdi dir="ltr">{c.phone}</bdi>
              </>
            ) : null}
            {c.kind ? ` (${t(`contacts.kindShort.${c.kind}`, { defaultValue: c.kind })})` : ''}
          </Text>
        ))}
      </Stack>
    );
  if (Array.isArray(value)) return <Text fz="sm">{value.join(', ')}</Text>;
  if (typeof value === 'object')
    return (
      <Stack gap={2}>
        {Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== '' && !(Array.isArray(v) && v.length === 0))
          .map(([k, v]) => (
            <Text key={k} fz="sm">
              <Text span c="dimmed" fz="sm">
                {t(`changes.parts.${k}`, { defaultValue: k })}:
              </Text>{' '}
              <bdi>{Array.isArray(v) ? v.join(', ') : String(v)}</bdi>
            </Text>
          ))}
      </Stack>
    );
  return (
    <Text fz="sm">
      <bdi dir={field === 'parent_phone' || field === 'parent_email' ? 'ltr' : undefined}>{String(value)}</bdi>
    </Text>
  );
}

/** One family's proposal: each change beside what the record holds, and (for the school) Accept / Decline. */
export function ChangeRequestCard({
  request,
  decide,
  showChild,
}: {
  request: ChangeRequest;
  decide: boolean;
  showChild: boolean;
}) {
  const { t, i18n } = useTranslation(CHILDREN_NS);
  const decision = useDecideChange();
  // Said after the call, not in a per-call callback: a decided request leaves the list (this row unmounts)
  // as soon as the list reads again, and react-query drops per-call callbacks of an unmounted row.
  const act = async (choice: 'accept' | 'decline') => {
    try {
      await decision.mutateAsync({ id: request.id, decision: choice });
      toast.success(choice === 'accept' ? t('messages.accepted') : t('messages.declined'));
    } catch (err) {
      toast.error(errorText(err));
    }
  };
  const by = request.proposed_by ? fullName(request.proposed_by) : t('changes.someone');
  return (
    <Paper withBorder radius="md" p="md" data-testid="change-request">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0}>
            {showChild && (
              <Anchor component={Link} to={pagePath.childRecord(request.student.id)} fw={700}>
                <bdi>{fullName(request.student)}</bdi>
              </Anchor>
            )}
            <Text fz="sm" c="dimmed">
              {t('changes.proposedBy', { name: by, date: formatDateTime(request.created_at, i18n.language) })}
            </Text>
          </Stack>
          {!decide && (
            <Badge color="yellow" variant="light" tt="none">
              {t('changes.waiting')}
            </Badge>
          )}
        </Group>
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={6} withRowBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('changes.field')}</Table.Th>
                <Table.Th>{t('changes.current')}</Table.Th>
                <Table.Th>{t('changes.proposed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(request.changes).map(([field, value]) => (
                <Table.Tr key={field} data-testid="change-row" data-field={field}>
                  <Table.Td fw={600} fz="sm">
                    {t(`changes.fields.${field}`, { defaultValue: field })}
                  </Table.Td>
                  <Table.Td data-testid="change-current">
                    <Value field={field} value={request.current[field]} />
                  </Table.Td>
                  <Table.Td data-testid="change-proposed">
                    <Value field={field} value={value} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {decide && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconX size={16} />}
              onClick={() => act('decline')}
              loading={decision.isPending && decision.variables?.decision === 'decline'}
              disabled={decision.isPending}
            >
              {t('changes.decline')}
            </Button>
            <Button
              leftSection={<IconCheck size={16} />}
              onClick={() => act('accept')}
              loading={decision.isPending && decision.variables?.decision === 'accept'}
              disabled={decision.isPending}
            >
              {t('changes.accept')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The school's "Changes to review": every family's proposal waiting for a decision. Nothing when there are none. */
export default function ChangeReview() {
  const { t } = useTranslation(CHILDREN_NS);
  const list = useChangeRequests();
  if (!list.data?.length) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="changes-to-review" data-testid="changes-to-review">
      <Title order={2} fz="h4" id="changes-to-review">
        {t('changes.title')} <Badge variant="light">{list.data.length}</Badge>
      </Title>
      {list.data.map((request) => (
        <ChangeRequestCard key={request.id} request={request} decide showChild />
      ))}
    </Stack>
  );
}
