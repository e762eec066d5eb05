import { PAGE_PATHS } from '@cue/contract';
import { Alert, Avatar, Button, Checkbox, Grid, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconBook, IconBookmarkPlus, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { Pager } from '../../../components/Pager';
import { ScanField } from '../../../components/ScanField';
import { useAddressParam, useTabParam } from '../../../lib/addressParam';
import { formatClassName, fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { NoClass, usePlanClass } from '../../planning/components/PlanClass';
import { showDay } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import {
  type LibraryStudentRow,
  type Loan,
  useCheckout,
  useLibraryStudents,
  useLoans,
  useOverdue,
  useReservations,
  useSendNotices,
} from '../api-desk';
import { ChildPicker } from '../components/ChildPicker';
import { ItemPicker } from '../components/ItemPicker';
import { LoanStatus } from '../components/LoanStatus';
import { libraryErrorText, librarySaid, showInstantDay } from '../components/libraryText';
import { LIBRARY_DESK_NS, LIBRARY_NS } from '../i18n';
import { LoanCard } from './LoanActions';
import { ReservationList, ReserveModal, useReserving } from './Reservations';

const TABS = ['children', 'overdue'] as const;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** /housekeeping/library/student-wise: a class's children and, for the child chosen, their loans; the overdue list. */
export default function StudentWisePage() {
  return (
    <Gate need={{ feature: 'library_management' }}>
      <StudentWise />
    </Gate>
  );
}

function StudentWise() {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const { classId, name, loading } = usePlanClass();
  const [tab, setTab] = useTabParam(TABS);
  const className = name ? formatClassName(name).text : null;
  return (
    <Page
      title={t('students.title')}
      description={className ? t('students.descriptionOf', { name: className }) : t('students.description')}
      actions={
        <Button component={Link} to={PAGE_PATHS.libraryBooks} variant="default" leftSection={<IconBook size={16} aria-hidden />}>
          {t('students.bookWise')}
        </Button>
      }
    >
      {!classId ? (
        loading ? (
          <Skeleton h={240} radius="lg" />
        ) : (
          <NoClass />
        )
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="children" data-testid="library-tab-children">
              {t('students.tabChildren')}
            </Tabs.Tab>
            <Tabs.Tab value="overdue" data-testid="library-tab-overdue">
              {t('students.tabOverdue')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="children">
            <ChildrenTab classId={classId} />
          </Tabs.Panel>
          <Tabs.Panel value="overdue">
            <OverdueTab classId={classId} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Page>
  );
}

function ChildrenTab({ classId }: { classId: string }) {
  const { t, i18n } = useTranslation(LIBRARY_DESK_NS);
  const [asked, setStudent] = useAddressParam('student_id');
  const studentId = asked && ID.test(asked) ? asked : null;
  const students = useLibraryStudents(classId);
  const row = students.data?.find((r) => r.student.id === studentId) ?? null;
  // On a phone the chosen child's panel takes the screen; a button leads back to the class.
  const phone = useMediaQuery('(max-width: 48em)');
  const Back = i18n.dir() === 'rtl' ? IconArrowRight : IconArrowLeft;
  const showList = !(phone && studentId);
  return (
    <Grid gap="lg">
      {showList && (
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ChildPicker
            classId={classId}
            selectedId={studentId}
            onPick={(r) => setStudent(r.student.id)}
            testId="library-children"
          />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, md: 7 }}>
        {studentId ? (
          <Stack gap="sm">
            {phone && (
              <Button
                variant="subtle"
                leftSection={<Back size={16} aria-hidden />}
                onClick={() => setStudent(null)}
                w="fit-content"
              >
                {t('students.backToClass')}
              </Button>
            )}
            {students.data && !row ? (
              <Alert color="gray" variant="light" data-testid="library-child-missing">
                {t('students.notInClass')}
              </Alert>
            ) : (
              <ChildPanel studentId={studentId} row={row} />
            )}
          </Stack>
        ) : (
          !phone && (
            <Paper withBorder radius="md" p="lg" data-testid="library-choose-child">
              <Text c="dimmed">{t('students.chooseChild')}</Text>
            </Paper>
          )
        )}
      </Grid.Col>
    </Grid>
  );
}

/** The chosen child: lend by scanning, their loans with the desk's actions, every loan, their reservations. */
function ChildPanel({ studentId, row }: { studentId: string; row: LibraryStudentRow | null }) {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const checkout = useCheckout();
  const name = row ? fullName(row.student) : '';
  const open = useLoans({ student_id: studentId, status: 'open', page: 1, page_size: 50 });
  const [historyPage, setHistoryPage] = useState(1);
  const history = useLoans({ student_id: studentId, status: 'all', page: historyPage, page_size: 10 });

  const lend = async (barcode: string) => {
    try {
      const answer = await checkout.mutateAsync({ barcode, student_id: studentId });
      toast.success(t('students.checkedOut', { message: librarySaid(answer.message, 'checkedOut'), date: answer.result.due_on }));
    } catch (err) {
      toast.error(libraryErrorText(err));
    }
  };

  return (
    <Stack gap="lg" data-testid="library-child-panel" data-student={studentId}>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={row?.student.student_profile_picture} size={48} radius="xl" color="cue" alt="" aria-hidden>
          {name.slice(0, 1)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg">
            {name || <Skeleton h={20} w={160} />}
          </Title>
          {row && (
            <Text fz="sm" c="dimmed">
              {t('students.onLoanOf', { count: row.open_loans, max: row.max_loans })}
            </Text>
          )}
        </Stack>
      </Group>

      <ScanField
        ns={LIBRARY_NS}
        label={t('students.scanLabel')}
        placeholder={t('students.scanPlaceholder')}
        onScan={(code) => void lend(code)}
        disabled={checkout.isPending}
        formats="barcode"
        autoFocus
        testId="library-lend-scan"
      />

      <Section title={t('students.openLoans')} testId="library-open-loans">
        {open.error && !open.data ? (
          <Alert color="red" variant="light" title={libraryErrorText(open.error)} />
        ) : !open.data ? (
          <Skeleton h={72} radius="md" />
        ) : !open.data.items.length ? (
          <Text c="dimmed" fz="sm" data-testid="library-no-loans">
            {t('students.noLoans')}
          </Text>
        ) : (
          <Stack gap="xs">
            {open.data.items.map((loan) => (
              <LoanCard key={loan.id} loan={loan} />
            ))}
          </Stack>
        )}
      </Section>

      <ReservationsSection studentId={studentId} name={name} />

      <Section title={t('students.history')} testId="library-history">
        {history.error && !history.data ? (
          <Alert color="red" variant="light" title={libraryErrorText(history.error)} />
        ) : !history.data ? (
          <Skeleton h={72} radius="md" />
        ) : !history.data.items.length ? (
          <Text c="dimmed" fz="sm">
            {t('students.noHistory')}
          </Text>
        ) : (
          <Stack gap="xs">
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
              {history.data.items.map((loan) => (
                <HistoryRow key={loan.id} loan={loan} />
              ))}
            </Stack>
            <Pager
              pages={Math.ceil(history.data.total / history.data.page_size)}
              page={historyPage}
              onChange={setHistoryPage}
              controlLabel={(c) => t(`pager.${c}`)}
              pageLabel={(n) => t('pager.page', { page: n })}
            />
          </Stack>
        )}
      </Section>
    </Stack>
  );
}

function HistoryRow({ loan }: { loan: Loan }) {
  const { t, i18n } = useTranslation(LIBRARY_DESK_NS);
  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      wrap="wrap"
      py={4}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Text fz="sm" fw={500}>
          {loan.item.title}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('students.borrowedOn', { date: showInstantDay(loan.checked_out_at, i18n.language), barcode: loan.copy.barcode })}
        </Text>
      </Stack>
      <LoanStatus loan={loan} />
    </Group>
  );
}

function Section({
  title,
  testId,
  action,
  children,
}: {
  title: string;
  testId: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function ReservationsSection({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const list = useReservations({ student_id: studentId });
  const reserving = useReserving();

  return (
    <Section
      title={t('students.reservations')}
      testId="library-reservations"
      action={
        <Button size="xs" variant="light" leftSection={<IconBookmarkPlus size={14} aria-hidden />} onClick={reserving.open}>
          {t('students.reserve')}
        </Button>
      }
    >
      <ReservationList list={list} empty={t('students.noReservations')} skeletonRadius="md" />
      <ReserveModal reserving={reserving} title={t('students.reserveFor', { name })} onClose={reserving.close}>
        <ItemPicker onPick={(item) => void reserving.choose({ item_id: item.id, student_id: studentId })} />
      </ReserveModal>
    </Section>
  );
}

/** The class's overdue loans: who, what, how late, when the family was last told; reminders to the families. */
function OverdueTab({ classId }: { classId: string }) {
  const { t, i18n } = useTranslation(LIBRARY_DESK_NS);
  const list = useOverdue(classId);
  const send = useSendNotices();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const rows = list.data ?? [];
  const chosen = rows.filter((l) => selected.has(l.id)).map((l) => l.id);
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<Loan>[] = [
    {
      key: 'pick',
      header: (
        <Checkbox
          aria-label={t('overdue.selectAll')}
          checked={rows.length > 0 && chosen.length === rows.length}
          indeterminate={chosen.length > 0 && chosen.length < rows.length}
          onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map((l) => l.id)) : new Set())}
        />
      ),
      width: 44,
      render: (l) => (
        <Checkbox
          aria-label={t('overdue.select', { name: fullName(l.student), title: l.item.title })}
          checked={selected.has(l.id)}
          onChange={() => toggle(l.id)}
        />
      ),
    },
    { key: 'child', header: t('overdue.child'), render: (l) => fullName(l.student) },
    {
      key: 'item',
      header: t('overdue.item'),
      render: (l) => (
        <Stack gap={0}>
          <Text fz="sm">{l.item.title}</Text>
          <Text fz="xs" c="dimmed">
            {l.copy.barcode}
          </Text>
        </Stack>
      ),
    },
    { key: 'due', header: t('overdue.due'), render: (l) => showDay(l.due_on, i18n.language) },
    { key: 'late', header: t('overdue.late'), render: (l) => <LoanStatus loan={l} /> },
    {
      key: 'notice',
      header: t('overdue.notice'),
      render: (l) => (l.notice_sent_at ? showInstantDay(l.notice_sent_at, i18n.language) : t('overdue.noNotice')),
    },
  ];

  return (
    <DataTable
      caption={t('overdue.caption')}
      columns={columns}
      rows={list.data}
      rowKey={(l) => l.id}
      loading={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      emptyText={t('overdue.empty')}
      testId="library-overdue"
      toolbar={
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c="dimmed">
            {t('overdue.intro')}
          </Text>
          <Button
            leftSection={<IconMail size={16} aria-hidden />}
            disabled={!rows.length}
            loading={send.isPending}
            data-testid="library-send-reminders"
            onClick={async () => {
              try {
                const answer = await send.mutateAsync(chosen.length ? chosen : null);
                setSelected(new Set());
                toast.success(
                  t('overdue.sent', {
                    message: librarySaid(answer.message, 'noticesSent'),
                    count: answer.result.sent,
                    families: answer.result.families,
                  }),
                );
              } catch (err) {
                toast.error(libraryErrorText(err));
              }
            }}
          >
            {chosen.length ? t('overdue.sendSelected', { count: chosen.length }) : t('overdue.sendAll')}
          </Button>
        </Group>
      }
    />
  );
}
