import { PAGE_PATHS } from '@cue/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconBookmarkPlus, IconEdit, IconHistory, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Pager } from '../../../components/Pager';
import { SoftBadge } from '../../../components/SoftBadge';
import { fullName } from '../../../lib/format';
import { Page } from '../../communication/components/Page';
import { LoadFailed } from '../../shell/pages/common';
import { Gate } from '../../shell/pages/Gate';
import { type ItemCopy, type LibraryItem, useCopyLoans, useItem, useReservations } from '../api-desk';
import { ChildPicker } from '../components/ChildPicker';
import { CopyStatusBadge, useKindName } from '../components/CopyStatusBadge';
import { LoanStatus } from '../components/LoanStatus';
import { libraryErrorText, showInstantDay } from '../components/libraryText';
import { LIBRARY_DESK_NS } from '../i18n';
import { ReservationList, ReserveModal, useReserving } from './Reservations';

/** /housekeeping/library/book/:id: an item, its copies and where each is, a copy's loans, the reservations queue. */
export default function ItemPage() {
  return (
    <Gate need={{ feature: 'library_management' }}>
      <Item />
    </Gate>
  );
}

/** The library management page opened on this item (its form, or its copies). */
const managePath = (id: string, view?: 'copies') =>
  `${PAGE_PATHS.libraryManagement}?item_id=${encodeURIComponent(id)}${view ? `&view=${view}` : ''}`;

function Item() {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const { id = '' } = useParams();
  const item = useItem(id);
  const data = item.data;
  return (
    <Page
      title={data?.title ?? t('item.loading')}
      description={data?.subtitle ?? undefined}
      actions={
        data?.abilities.can_edit ? (
          <>
            <Button component={Link} to={managePath(data.id)} variant="default" leftSection={<IconEdit size={16} aria-hidden />}>
              {t('item.edit')}
            </Button>
            <Button
              component={Link}
              to={managePath(data.id, 'copies')}
              variant="default"
              leftSection={<IconStack2 size={16} aria-hidden />}
            >
              {t('item.manageCopies')}
            </Button>
          </>
        ) : undefined
      }
    >
      {item.error && !data ? (
        <Stack gap="xs" data-testid="library-item-error">
          <Alert color="red" variant="light" title={libraryErrorText(item.error)} />
          <LoadFailed onRetry={() => void item.refetch()} />
        </Stack>
      ) : !data ? (
        <Skeleton h={260} radius="lg" />
      ) : (
        <Stack gap="xl">
          <ItemCard item={data} />
          <Copies copies={data.copy_list} />
          <Queue item={data} />
        </Stack>
      )}
    </Page>
  );
}

/** The language's name in the reader's language ("Arabic", "العربية"), the code itself when unknown. */
function languageName(code: string, reader: string): string {
  try {
    return new Intl.DisplayNames([reader], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function ItemCard({ item }: { item: LibraryItem }) {
  const { t, i18n } = useTranslation(LIBRARY_DESK_NS);
  const kindName = useKindName();
  const ages =
    item.age_min != null && item.age_max != null
      ? t('item.ages', { from: item.age_min, to: item.age_max })
      : item.age_min != null
        ? t('item.agesFrom', { from: item.age_min })
        : item.age_max != null
          ? t('item.agesTo', { to: item.age_max })
          : null;
  const facts: [string, React.ReactNode][] = [
    [t('item.kind'), kindName(item.kind)],
    [t('item.authors'), item.authors.join(', ') || null],
    [
      t('item.isbn'),
      item.isbn ? (
        <span key="isbn" dir="ltr">
          {item.isbn10 ? `${item.isbn} · ${item.isbn10}` : item.isbn}
        </span>
      ) : null,
    ],
    [t('item.publisher'), [item.publisher, item.published_year].filter(Boolean).join(', ') || null],
    [t('item.language'), item.language ? languageName(item.language, i18n.language) : null],
    [t('item.agesLabel'), ages],
    [
      t('item.copies'),
      t('item.copiesCount', { available: item.copies.available, total: item.copies.total, onLoan: item.copies.on_loan }),
    ],
  ];
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="library-item">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          {facts
            .filter(([, v]) => v !== null && v !== '')
            .map(([label, value]) => (
              <Stack gap={0} key={label}>
                <Text component="dt" fz="xs" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" m={0} fz="sm">
                  {value}
                </Text>
              </Stack>
            ))}
        </SimpleGrid>
        {item.tags.length > 0 && (
          <Group gap={6} aria-label={t('item.tags')}>
            {item.tags.map((tag) => (
              <SoftBadge key={tag} color="gray">
                {tag}
              </SoftBadge>
            ))}
          </Group>
        )}
        {item.description && (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {item.description}
          </Text>
        )}
        {item.archived && (
          <Alert color="gray" variant="light">
            {t('item.archived')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function Copies({ copies }: { copies: ItemCopy[] }) {
  const { t, i18n } = useTranslation(LIBRARY_DESK_NS);
  const [history, setHistory] = useState<ItemCopy | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="library-copies-title">
      <Title order={2} fz="lg" id="library-copies-title">
        {t('copies.title')}
      </Title>
      {!copies.length ? (
        <Text c="dimmed" fz="sm">
          {t('copies.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="library-copies">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }} hidden>
              {t('copies.title')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('copies.barcode')}</Table.Th>
                <Table.Th>{t('copies.status')}</Table.Th>
                <Table.Th>{t('copies.location')}</Table.Th>
                <Table.Th>{t('copies.loan')}</Table.Th>
                <Table.Th>
                  <span className="sr-only">{t('copies.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {copies.map((c) => (
                <Table.Tr key={c.id} data-testid="library-copy" data-barcode={c.barcode}>
                  <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                    {c.barcode}
                  </Table.Td>
                  <Table.Td>
                    <CopyStatusBadge status={c.status} />
                  </Table.Td>
                  <Table.Td>{c.location ?? '—'}</Table.Td>
                  <Table.Td>
                    {c.current_loan ? (
                      <Stack gap={2}>
                        <Text fz="sm">{fullName(c.current_loan.student)}</Text>
                        <LoanStatus
                          loan={{
                            status: 'open',
                            overdue: c.current_loan.overdue,
                            days_overdue: 0,
                            due_on: c.current_loan.due_on,
                            returned_at: null,
                          }}
                        />
                      </Stack>
                    ) : c.reserved_for ? (
                      <Text fz="sm">{t('copies.keptFor', { name: fullName(c.reserved_for) })}</Text>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconHistory size={14} aria-hidden />}
                      aria-label={t('copies.historyOf', { barcode: c.barcode })}
                      aria-pressed={history?.id === c.id}
                      onClick={() => setHistory(history?.id === c.id ? null : c)}
                    >
                      {t('copies.history')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history && <CopyHistory copy={history} language={i18n.language} />}
    </Stack>
  );
}

/** A copy's loans, newest first, a page at a time. */
function CopyHistory({ copy, language }: { copy: ItemCopy; language: string }) {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const [page, setPage] = useState(1);
  const loans = useCopyLoans(copy.id, page);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="library-copy-history"
      aria-label={t('copies.historyOf', { barcode: copy.barcode })}
      component="section"
    >
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('copies.historyOf', { barcode: copy.barcode })}
        </Title>
        {loans.error && !loans.data ? (
          <Alert color="red" variant="light" title={libraryErrorText(loans.error)} />
        ) : !loans.data ? (
          <Skeleton h={60} />
        ) : !loans.data.items.length ? (
          <Text c="dimmed" fz="sm">
            {t('copies.noLoans')}
          </Text>
        ) : (
          <>
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
              {loans.data.items.map((l) => (
                <Group
                  component="li"
                  key={l.id}
                  justify="space-between"
                  gap="xs"
                  wrap="wrap"
                  py={4}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Stack gap={0}>
                    <Text fz="sm" fw={500}>
                      {fullName(l.student)}
                      {l.student.class_name ? ` · ${l.student.class_name}` : ''}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t('copies.lentOn', { date: showInstantDay(l.checked_out_at, language) })}
                      {l.condition === 'damaged' ? ` · ${t('copies.damaged')}` : ''}
                    </Text>
                  </Stack>
                  <LoanStatus loan={l} />
                </Group>
              ))}
            </Stack>
            <Pager
              pages={Math.ceil(loans.data.total / loans.data.page_size)}
              page={page}
              onChange={setPage}
              controlLabel={(c) => t(`pager.${c}`)}
              pageLabel={(n) => t('pager.page', { page: n })}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The children waiting for the item, in order, and a reservation for another child. */
function Queue({ item }: { item: LibraryItem }) {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const list = useReservations({ item_id: item.id });
  const reserving = useReserving();
  return (
    <Stack gap="sm" component="section" aria-labelledby="library-queue-title" data-testid="library-queue">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="lg" id="library-queue-title">
          {t('queue.title')}
        </Title>
        {item.abilities.can_lend && (
          <Button variant="light" leftSection={<IconBookmarkPlus size={16} aria-hidden />} onClick={reserving.open}>
            {t('queue.reserve')}
          </Button>
        )}
      </Group>
      <ReservationList list={list} empty={t('queue.empty')} ordered />
      <Anchor component={Link} to={PAGE_PATHS.libraryBooks} fz="sm">
        {t('item.backToBooks')}
      </Anchor>
      <ReserveModal
        reserving={reserving}
        title={t('queue.reserveTitle', { title: item.title })}
        onClose={() => !reserving.pending && reserving.close()}
      >
        <ChildPicker
          onPick={(row) => void reserving.choose({ item_id: item.id, student_id: row.student.id })}
          testId="library-reserve-child"
          maxHeight={360}
        />
      </ReserveModal>
    </Stack>
  );
}
