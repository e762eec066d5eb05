import { can, ddmmyyyyFromIso, isoFromDdmmyyyy, RESOURCE_MANAGER, SCHOOL_RESOURCE_KINDS } from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconCalendarPlus,
  IconChevronLeft,
  IconChevronRight,
  IconEye,
  IconPencil,
  IconPlus,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { ConfirmModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { useTabParam } from '../../../lib/addressParam';
import { todayWire } from '../../../lib/day';
import { errorText, toast } from '../../../lib/notify';
import { useStaffClassList } from '../../admin/api';
import { Page } from '../../communication/components/Page';
import { showDay, showRange } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { AuditHistory } from '../components/AuditHistory';
import { listTableProps } from '../components/listTable';
import { useArchiveConfirm } from '../components/useArchiveConfirm';
import { RESOURCES_NS } from '../i18n';
import { timeRange } from '../schedule/slots';
import {
  type Resource,
  type ResourceBooking,
  resourceText,
  useArchiveResource,
  useBookings,
  useCancelBooking,
  useResources,
} from './api-resources';
import { BookDialog, type BookingDefaults, BookResourceButton } from './BookResourceButton';
import { agendaOf, rangeOf, stepDay } from './bookings';
import { ResourceForm } from './ResourceForm';

const TABS = ['catalogue', 'bookings'] as const;
const KIND_COLORS = { room: 'indigo', equipment: 'teal', material: 'orange' } as const;

function Catalogue({ manager, onBook }: { manager: boolean; onBook: (defaults: BookingDefaults) => void }) {
  const { t, i18n } = useTranslation(RESOURCES_NS);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [kind, setKind] = useState<string | null>(null);
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<Resource | 'new' | null>(null);
  const list = useResources({
    q: debounced || undefined,
    kind: (kind as Resource['kind'] | null) ?? undefined,
    include_archived: archived ? 'true' : 'false',
  });
  const archive = useArchiveConfirm<Resource>(
    useArchiveResource(),
    (message, toArchive) => resourceText(message) || t(toArchive ? 'messages.archived' : 'messages.restored'),
  );
  const { confirming, setConfirming } = archive;
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <>
      <DataTable
        caption={t('catalogue.caption')}
        testId="resources-table"
        {...listTableProps(list)}
        emptyText={debounced || kind ? t('catalogue.noMatch') : manager ? t('catalogue.emptyManager') : t('catalogue.empty')}
        toolbar={
          <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
            <Group gap="sm" wrap="wrap" align="flex-end" flex="1 1 auto">
              <TextInput
                label={t('catalogue.search')}
                placeholder={t('catalogue.searchPlaceholder')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                type="search"
                flex="1 1 220px"
                data-testid="resources-search"
              />
              <Select
                label={t('catalogue.kind')}
                placeholder={t('catalogue.anyKind')}
                data={SCHOOL_RESOURCE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                value={kind}
                onChange={setKind}
                clearable
                w={170}
              />
              {manager && (
                <Switch
                  label={t('catalogue.showArchived')}
                  checked={archived}
                  onChange={(e) => setArchived(e.currentTarget.checked)}
                  mb={8}
                  data-testid="resources-archived"
                />
              )}
            </Group>
            {manager && (
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setEditing('new')}
                data-testid="add-resource"
              >
                {t('catalogue.add')}
              </Button>
            )}
          </Group>
        }
        columns={[
          {
            key: 'name',
            header: t('catalogue.name'),
            render: (x) => (
              <Stack gap={2} miw={160}>
                <Group gap={6} wrap="wrap">
                  <Text fz="sm" fw={600} c={x.archived ? 'dimmed' : undefined}>
                    {x.name}
                  </Text>
                  {x.archived && <SoftBadge color="gray">{t('catalogue.archivedBadge')}</SoftBadge>}
                </Group>
                {x.kind === 'room' && (x.room_type || x.capacity) && (
                  <Text fz="xs" c="dimmed">
                    {[x.room_type, x.capacity ? t('catalogue.capacityOf', { n: number.format(x.capacity) }) : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'kind',
            header: t('catalogue.kind'),
            width: 130,
            render: (x) => (
              <SoftBadge color={KIND_COLORS[x.kind]} maw="none" styles={{ label: { overflow: 'visible' } }}>
                {t(`kinds.${x.kind}`)}
              </SoftBadge>
            ),
          },
          {
            key: 'quantity',
            header: t('catalogue.quantity'),
            render: (x) => (x.unit ? `${number.format(x.quantity)} ${x.unit}` : number.format(x.quantity)),
          },
          { key: 'location', header: t('catalogue.location'), render: (x) => x.location || '—' },
          {
            key: 'bookable',
            header: t('catalogue.bookable'),
            render: (x) => (x.bookable ? t('catalogue.yes') : t('catalogue.alwaysFree')),
          },
          {
            key: 'upcoming',
            header: t('catalogue.upcoming'),
            align: 'end',
            render: (x) => (x.upcoming_bookings > 0 ? number.format(x.upcoming_bookings) : ''),
          },
        ]}
        actions={(x) => [
          ...(x.bookable && !x.archived && x.abilities.book
            ? [{ label: t('catalogue.book'), icon: IconCalendarPlus, onClick: () => onBook({ resourceId: x._id }) }]
            : []),
          x.abilities.edit
            ? { label: t('catalogue.edit'), icon: IconPencil, onClick: () => setEditing(x) }
            : { label: t('catalogue.view'), icon: IconEye, onClick: () => setEditing(x) },
          ...(x.abilities.edit
            ? [
                x.archived
                  ? {
                      label: t('catalogue.restore'),
                      icon: IconArchiveOff,
                      onClick: () => archive.run(x, false),
                      disabled: archive.pending,
                    }
                  : { label: t('catalogue.archive'), icon: IconArchive, onClick: () => setConfirming(x) },
              ]
            : []),
        ]}
      />
      {editing && <ResourceForm resource={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {confirming && (
        <ConfirmModal
          opened
          onClose={() => setConfirming(null)}
          title={t('catalogue.archiveTitle', { name: confirming.name })}
          message={<Text fz="sm">{t('catalogue.archiveMessage')}</Text>}
          confirmLabel={t('catalogue.archive')}
          onConfirm={() => archive.run(confirming, true)}
          pending={archive.pending}
        />
      )}
    </>
  );
}

/** One booking: its time, what and how many, for which class and why, who booked it, and Cancel when allowed. */
function BookingRow({ booking, onCancel }: { booking: ResourceBooking; onCancel: () => void }) {
  const { t, i18n } = useTranslation(RESOURCES_NS);
  const number = new Intl.NumberFormat(i18n.language);
  const time = timeRange(booking.start, booking.end, i18n.language);
  return (
    <Group
      justify="space-between"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      py={6}
      data-testid="booking"
      data-cancelled={booking.cancelled || undefined}
    >
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text fz="sm" fw={600} td={booking.cancelled ? 'line-through' : undefined}>
            {time}
          </Text>
          {booking.quantity > 1 && (
            <SoftBadge color="gray">{t('bookings.times', { n: number.format(booking.quantity) })}</SoftBadge>
          )}
          {booking.class && <SoftBadge color="cue">{booking.class.name}</SoftBadge>}
          {booking.cancelled && <SoftBadge color="red">{t('bookings.cancelledBadge')}</SoftBadge>}
        </Group>
        {booking.purpose && (
          <Text fz="sm" style={{ wordBreak: 'break-word' }}>
            {booking.purpose}
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {t('bookings.by', { name: booking.booked_by.name })}
        </Text>
      </Stack>
      {booking.abilities.cancel && !booking.cancelled && (
        <Tooltip label={t('bookings.cancel')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('bookings.cancelOf', { name: booking.resource.name, time })}
            onClick={onCancel}
          >
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function Bookings({ onBook }: { onBook: (defaults: BookingDefaults) => void }) {
  const { t, i18n } = useTranslation(RESOURCES_NS);
  const [view, setView] = useState<'day' | 'week'>('week');
  const [day, setDay] = useState(todayWire());
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [classId, setClassId] = useState<string | null>(null);
  const [showCancelled, setShowCancelled] = useState(false);
  const [cancelling, setCancelling] = useState<ResourceBooking | null>(null);
  const range = rangeOf(day, view);
  const resources = useResources({});
  const classes = useStaffClassList();
  const bookings = useBookings({
    from: range.from,
    to: range.to,
    resource_id: resourceId ?? undefined,
    class_id: classId ?? undefined,
    include_cancelled: showCancelled ? 'true' : undefined,
  });
  const cancel = useCancelBooking();
  const rtl = i18n.dir() === 'rtl';
  const Before = rtl ? IconChevronRight : IconChevronLeft;
  const After = rtl ? IconChevronLeft : IconChevronRight;
  const agenda = bookings.data ? agendaOf(bookings.data, range.from, range.to) : [];
  const total = bookings.data?.length ?? 0;

  const doCancel = (booking: ResourceBooking) =>
    cancel.mutate(booking._id, {
      onSuccess: (answer) => {
        toast.success(resourceText(answer.message) || t('messages.cancelled'));
        setCancelling(null);
      },
      onError: (err) => {
        toast.error(errorText(err));
        setCancelling(null);
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            aria-label={t('bookings.view')}
            value={view}
            onChange={(v) => setView(v as 'day' | 'week')}
            data={[
              { value: 'day', label: t('bookings.day') },
              { value: 'week', label: t('bookings.week') },
            ]}
          />
          <Group gap={4} wrap="nowrap" role="group" aria-label={t('bookings.when')}>
            <Tooltip label={view === 'week' ? t('bookings.previousWeek') : t('bookings.previousDay')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={view === 'week' ? t('bookings.previousWeek') : t('bookings.previousDay')}
                onClick={() => setDay(stepDay(day, view, -1))}
              >
                <Before size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <DatePickerInput
              // A label of its own (read, not shown) rather than aria-label: the field's name then keeps the
              // day it shows, which those who speak to their computer say to reach it.
              label={<VisuallyHidden>{t('bookings.pick')}</VisuallyHidden>}
              value={isoFromDdmmyyyy(day)}
              onChange={(v) => v && setDay(ddmmyyyyFromIso(String(v).slice(0, 10)))}
              valueFormat="MMM DD, YYYY"
              valueFormatter={readerDateFormatter(DAY)}
              w={{ base: 150, xs: 170 }}
              data-testid="bookings-day"
            />
            <Tooltip label={view === 'week' ? t('bookings.nextWeek') : t('bookings.nextDay')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={view === 'week' ? t('bookings.nextWeek') : t('bookings.nextDay')}
                onClick={() => setDay(stepDay(day, view, 1))}
              >
                <After size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {day !== todayWire() && (
              <Button variant="subtle" size="sm" onClick={() => setDay(todayWire())}>
                {t('bookings.today')}
              </Button>
            )}
          </Group>
        </Group>
        <Button
          leftSection={<IconCalendarPlus size={16} aria-hidden />}
          onClick={() => onBook({ date: day })}
          data-testid="book-resource"
        >
          {t('book.open')}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('bookings.resource')}
          placeholder={t('bookings.anyResource')}
          data={(resources.data ?? []).map((r) => ({ value: r._id, label: r.name }))}
          value={resourceId}
          onChange={setResourceId}
          searchable
          clearable
          w={220}
        />
        <Select
          label={t('bookings.class')}
          placeholder={t('bookings.anyClass')}
          data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))}
          value={classId}
          onChange={setClassId}
          searchable
          clearable
          w={200}
        />
        <Switch
          label={t('bookings.showCancelled')}
          checked={showCancelled}
          onChange={(e) => setShowCancelled(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <Text fz="sm" c="dimmed" aria-live="polite">
        {view === 'week'
          ? showRange(range.from, range.to, i18n.language)
          : showDay(day, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' })}
        {bookings.data ? ` · ${t('bookings.count', { n: new Intl.NumberFormat(i18n.language).format(total) })}` : ''}
      </Text>
      {bookings.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={60} radius="md" />
          <Skeleton height={60} radius="md" />
        </Stack>
      ) : bookings.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{errorText(bookings.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void bookings.refetch()}>
              {t('bookings.retry')}
            </Button>
          </Group>
        </Alert>
      ) : total === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
            {view === 'week' ? t('bookings.emptyWeek') : t('bookings.emptyDay')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="bookings-agenda">
          {agenda
            .filter((d) => view === 'day' || d.resources.length > 0)
            .map((d) => (
              <Paper
                key={d.date}
                withBorder
                radius="lg"
                p="md"
                component="section"
                aria-label={showDay(d.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' })}
              >
                <Title order={3} fz="md" mb="xs">
                  {showDay(d.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' })}
                </Title>
                <Stack gap="sm">
                  {d.resources.map((r) => (
                    <Stack key={r.id} gap={0}>
                      <Text fz="sm" fw={700} c="dimmed">
                        {r.name}
                      </Text>
                      {r.bookings.map((b) => (
                        <BookingRow key={b._id} booking={b} onCancel={() => setCancelling(b)} />
                      ))}
                    </Stack>
                  ))}
                </Stack>
              </Paper>
            ))}
        </Stack>
      )}
      {cancelling && (
        <ConfirmModal
          opened
          onClose={() => setCancelling(null)}
          title={t('bookings.cancelTitle', { name: cancelling.resource.name })}
          message={
            <Text fz="sm">
              {t('bookings.cancelMessage', {
                day: showDay(cancelling.date, i18n.language),
                time: timeRange(cancelling.start, cancelling.end, i18n.language),
              })}
            </Text>
          }
          confirmLabel={t('bookings.cancelConfirm')}
          onConfirm={() => doCancel(cancelling)}
          pending={cancel.isPending}
        />
      )}
    </Stack>
  );
}

function Body() {
  const { t } = useTranslation(RESOURCES_NS);
  const { held } = useShell();
  const manager = can({ permission: RESOURCE_MANAGER }, held);
  const [tab, setTab] = useTabParam(TABS);
  const [booking, setBooking] = useState<BookingDefaults | null>(null);
  return (
    <Page
      title={t('page.title')}
      description={t('page.description')}
      actions={
        <>
          {manager && <AuditHistory entityType="resource" />}
          {tab === 'catalogue' && <BookResourceButton variant="default" />}
        </>
      }
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="catalogue">{t('tabs.catalogue')}</Tabs.Tab>
          <Tabs.Tab value="bookings">{t('tabs.bookings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="catalogue">
          <Catalogue manager={manager} onBook={setBooking} />
        </Tabs.Panel>
        <Tabs.Panel value="bookings">
          <Bookings onBook={setBooking} />
        </Tabs.Panel>
      </Tabs>
      {booking && <BookDialog defaults={booking} onClose={() => setBooking(null)} />}
    </Page>
  );
}

/**
 * /admin/academic-setup/resources: rooms, equipment and materials, and their bookings. Any member of
 * staff may book (and cancel their own), so the page opens for all staff; the catalogue's changes and the
 * history stay with holders of resource management (`manager`).
 */
export default function ResourcesPage() {
  return (
    <Gate>
      <Body />
    </Gate>
  );
}
