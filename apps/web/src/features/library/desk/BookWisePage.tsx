import { LIBRARY_ITEM_KINDS, PAGE_PATHS, pagePath } from '@cue/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { Pager } from '../../../components/Pager';
import { ScanField } from '../../../components/ScanField';
import { fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { showDay } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import { type CopyLookup, type ItemQuery, type LibraryItem, useBarcode, useCheckout, useItems, useReturn } from '../api-desk';
import { ChildPicker } from '../components/ChildPicker';
import { CopyStatusBadge, useKindName } from '../components/CopyStatusBadge';
import { libraryErrorText, librarySaid } from '../components/libraryText';
import { ReturnModal } from '../components/ReturnModal';
import { LIBRARY_DESK_NS, LIBRARY_NS } from '../i18n';
import { returnedText } from './LoanActions';

/** /housekeeping/library/book-wise: scan a book to see where it is and lend or take it back; the catalogue's search. */
export default function BookWisePage() {
  return (
    <Gate need={{ feature: 'library_management' }}>
      <BookWise />
    </Gate>
  );
}

function BookWise() {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const [barcode, setBarcode] = useState<string | null>(null);
  return (
    <Page
      title={t('books.title')}
      description={t('books.description')}
      actions={
        <Button
          component={Link}
          to={PAGE_PATHS.libraryStudents}
          variant="default"
          leftSection={<IconUsers size={16} aria-hidden />}
        >
          {t('books.studentWise')}
        </Button>
      }
    >
      <Stack gap="xl">
        <Stack gap="md">
          <ScanField
            ns={LIBRARY_NS}
            label={t('books.scanLabel')}
            placeholder={t('books.scanPlaceholder')}
            onScan={setBarcode}
            formats="barcode"
            size="xl"
            autoFocus
            testId="library-book-scan"
          />
          {barcode && <ScannedCopy barcode={barcode} />}
        </Stack>
        <Catalogue />
      </Stack>
    </Page>
  );
}

/** What the scanned barcode is: the copy, its item and who has it, with Return or Lend to…. */
function ScannedCopy({ barcode }: { barcode: string }) {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const found = useBarcode(barcode);
  if (found.error)
    return (
      <Alert color="red" variant="light" title={libraryErrorText(found.error)} data-testid="library-scan-error">
        {t('books.scanned', { barcode })}
      </Alert>
    );
  if (!found.data) return <Skeleton h={120} radius="md" />;
  return <CopyCard lookup={found.data} />;
}

function CopyCard({ lookup: { copy, item } }: { lookup: CopyLookup }) {
  const { t, i18n } = useTranslation(LIBRARY_DESK_NS);
  const kindName = useKindName();
  const giveBack = useReturn();
  const checkout = useCheckout();
  const [returning, setReturning] = useState(false);
  const [lending, setLending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loan = copy.current_loan;
  const lendable = (copy.status === 'available' || copy.status === 'reserved') && item.abilities.can_lend;

  const lendTo = async (studentId: string) => {
    setError(null);
    try {
      const answer = await checkout.mutateAsync({ barcode: copy.barcode, student_id: studentId });
      setLending(false);
      toast.success(
        t('books.lentTo', {
          message: librarySaid(answer.message, 'checkedOut'),
          name: fullName(answer.result.student),
          date: answer.result.due_on,
        }),
      );
    } catch (err) {
      setError(libraryErrorText(err));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="library-scanned-copy" data-barcode={copy.barcode} data-status={copy.status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={2} fz="lg">
              <Anchor component={Link} to={pagePath.libraryItem(item.id)} inherit>
                {item.title}
              </Anchor>
            </Title>
            <Text fz="sm" c="dimmed">
              {[kindName(item.kind), item.authors.join(', ')].filter(Boolean).join(' · ')}
            </Text>
            <Text fz="sm">
              {t('books.copyLine', { barcode: copy.barcode })}
              {copy.location ? ` · ${copy.location}` : ''}
            </Text>
          </Stack>
          <CopyStatusBadge status={copy.status} />
        </Group>

        {loan && (
          <Text data-testid="library-copy-holder">
            {t(loan.overdue ? 'books.withOverdue' : 'books.with', {
              name: fullName(loan.student),
              date: showDay(loan.due_on, i18n.language),
            })}
          </Text>
        )}
        {copy.status === 'reserved' && copy.reserved_for && (
          <Text fz="sm" c="grape.9">
            {t('books.keptFor', { name: fullName(copy.reserved_for) })}
          </Text>
        )}

        <Group gap="sm">
          {loan && copy.status === 'on_loan' && (
            <Button
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => {
                setError(null);
                setReturning(true);
              }}
              data-testid="library-return"
            >
              {t('books.return')}
            </Button>
          )}
          {lendable && (
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => {
                setError(null);
                setLending(true);
              }}
              data-testid="library-lend"
            >
              {t('books.lendTo')}
            </Button>
          )}
        </Group>
      </Stack>

      <ReturnModal
        opened={returning}
        title={item.title}
        pending={giveBack.isPending}
        error={error}
        onClose={() => setReturning(false)}
        onSubmit={async (condition, note) => {
          try {
            const answer = await giveBack.mutateAsync({ barcode: copy.barcode, condition, note });
            setReturning(false);
            toast.success(returnedText(t, answer.message, answer.result.kept_for));
          } catch (err) {
            setError(libraryErrorText(err));
          }
        }}
      />
      <LendModal
        opened={lending}
        title={item.title}
        pending={checkout.isPending}
        error={error}
        onClose={() => setLending(false)}
        onPick={lendTo}
      />
    </Paper>
  );
}

function LendModal({
  opened,
  title,
  pending,
  error,
  onClose,
  onPick,
}: {
  opened: boolean;
  title: string;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onPick: (studentId: string) => void;
}) {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={t('books.lendTitle', { title })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      <Stack gap="sm" style={{ opacity: pending ? 0.6 : 1 }}>
        {error && (
          <Alert color="red" variant="light" data-testid="form-error">
            {error}
          </Alert>
        )}
        <ChildPicker onPick={(row) => !pending && onPick(row.student.id)} testId="library-lend-child" maxHeight={360} />
      </Stack>
    </Modal>
  );
}

const AGES = Array.from({ length: 13 }, (_, i) => String(i));

/** The catalogue's search: title, author, ISBN or barcode, kind, a child's age, only what is on the shelf. */
function Catalogue() {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const kindName = useKindName();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [kind, setKind] = useState<ItemQuery['kind'] | null>(null);
  const [age, setAge] = useState<string | null>(null);
  const [available, setAvailable] = useState(false);
  const [page, setPage] = useState(1);
  const query: Partial<ItemQuery> = {
    search: search || undefined,
    kind: kind ?? undefined,
    age: age === null ? undefined : Number(age),
    available: available ? 'true' : undefined,
    archived: 'false',
    page,
    page_size: 20,
  };
  const items = useItems(query);
  const filter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  const columns: Column<LibraryItem>[] = [
    {
      key: 'title',
      header: t('catalogue.titleColumn'),
      render: (i) => (
        <Stack gap={0}>
          <Anchor component={Link} to={pagePath.libraryItem(i.id)} fw={600} fz="sm">
            {i.title}
          </Anchor>
          {i.authors.length > 0 && (
            <Text fz="xs" c="dimmed">
              {i.authors.join(', ')}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'kind', header: t('catalogue.kind'), render: (i) => kindName(i.kind) },
    { key: 'isbn', header: t('catalogue.isbn'), render: (i) => <span dir="ltr">{i.isbn ?? '—'}</span> },
    {
      key: 'copies',
      header: t('catalogue.copies'),
      render: (i) => t('catalogue.available', { available: i.copies.available, total: i.copies.total }),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="library-catalogue-title">
      <Title order={2} fz="lg" id="library-catalogue-title">
        {t('catalogue.title')}
      </Title>
      <DataTable
        caption={t('catalogue.caption')}
        columns={columns}
        rows={items.data?.items}
        rowKey={(i) => i.id}
        loading={items.isPending}
        error={items.error}
        onRetry={() => void items.refetch()}
        emptyText={search || kind || age || available ? t('catalogue.none') : t('catalogue.empty')}
        testId="library-catalogue"
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('catalogue.search')}
              placeholder={t('catalogue.searchHint')}
              value={text}
              onChange={(e) => {
                const value = e.currentTarget.value;
                filter(() => setText(value));
              }}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: '2 1 220px' }}
              data-testid="library-catalogue-search"
            />
            <Select
              label={t('catalogue.kind')}
              placeholder={t('catalogue.anyKind')}
              data={LIBRARY_ITEM_KINDS.map((k) => ({ value: k, label: kindName(k) }))}
              value={kind ?? null}
              onChange={(v) => filter(() => setKind((v as ItemQuery['kind']) ?? null))}
              clearable
              style={{ flex: '1 1 150px' }}
            />
            <Select
              label={t('catalogue.age')}
              placeholder={t('catalogue.anyAge')}
              data={AGES.map((a) => ({ value: a, label: t('catalogue.ageYears', { count: Number(a) }) }))}
              value={age}
              onChange={(v) => filter(() => setAge(v))}
              clearable
              style={{ flex: '1 1 130px' }}
            />
            <Switch
              label={t('catalogue.onShelf')}
              checked={available}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                filter(() => setAvailable(on));
              }}
              mb={8}
            />
          </Group>
        }
        footer={
          items.data && (
            <Pager
              pages={Math.ceil(items.data.total / items.data.page_size)}
              page={page}
              onChange={setPage}
              controlLabel={(c) => t(`pager.${c}`)}
              pageLabel={(n) => t('pager.page', { page: n })}
            />
          )
        }
      />
    </Stack>
  );
}
