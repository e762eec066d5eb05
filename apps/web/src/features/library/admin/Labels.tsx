import { LABELS_MAX, labelsRequestSchema } from '@cue/contract';
import { Alert, Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportProgress, useExportJob } from '../../../components/ExportJob';
import { errorText } from '../../../lib/notify';
import { type LabelsBody, useLibraryItems, useStartLabels } from '../api-admin';
import { LIBRARY_ADMIN_NS } from '../i18n';
import { libraryText } from './format';
import { lastImportRange } from './Import';

const ns = LIBRARY_ADMIN_NS;
type Source = 'item' | 'range' | 'import';

/** The request a choice of copies makes, or null while it is incomplete. */
export function labelsBody(
  source: Source,
  choice: { itemId: string | null; from: string; to: string; imported: { from: string; to: string } | null },
  skip: number,
): LabelsBody | null {
  if (source === 'item') return choice.itemId ? { item_id: choice.itemId, skip } : null;
  const range = source === 'import' ? choice.imported : { from: choice.from.trim(), to: choice.to.trim() };
  return range?.from && range.to ? { from_barcode: range.from, to_barcode: range.to, skip } : null;
}

/** Labels: the copies to print (an item's, a range of barcodes, the last import's), the labels already used, the PDF. */
export function LabelsTab() {
  const { t, i18n } = useTranslation(ns);
  const sourceLabel = useId();
  const [source, setSource] = useState<Source>('item');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [itemId, setItemId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [skip, setSkip] = useState<number | string>(0);
  const imported = useMemo(() => lastImportRange(), []);
  const items = useLibraryItems({ search: debounced || undefined, archived: 'false', page: 1, page_size: 20 });
  const start = useStartLabels();
  const job = useExportJob(start);
  const [invalid, setInvalid] = useState<string | null>(null);

  const options = (items.data?.items ?? []).map((x) => ({
    value: x.id,
    label: `${x.title}${x.isbn ? ` · ${x.isbn}` : ''} (${x.copies.total})`,
  }));
  const skipped = typeof skip === 'number' ? skip : 0;
  const body = labelsBody(source, { itemId, from, to, imported }, skipped);

  const make = () => {
    const checked = body ? labelsRequestSchema.safeParse(body) : null;
    if (!checked?.success) {
      setInvalid(t('labels.choose'));
      return;
    }
    setInvalid(null);
    job.make(checked.data);
  };

  return (
    <Stack gap="md" maw={760}>
      <Text fz="sm" c="dimmed">
        {t('labels.hint', { max: new Intl.NumberFormat(i18n.language).format(LABELS_MAX) })}
      </Text>
      <Stack gap={4}>
        <Text fz="sm" fw={500} id={sourceLabel}>
          {t('labels.source')}
        </Text>
        <SegmentedControl
          aria-labelledby={sourceLabel}
          value={source}
          onChange={(value) => setSource(value as Source)}
          disabled={job.running}
          data={[
            { value: 'item', label: t('labels.sourceItem') },
            { value: 'range', label: t('labels.sourceRange') },
            { value: 'import', label: t('labels.sourceImport') },
          ]}
          data-testid="labels-source"
        />
      </Stack>
      {source === 'item' && (
        <Select
          label={t('labels.item')}
          placeholder={t('labels.itemPlaceholder')}
          searchable
          clearable
          data={options}
          value={itemId}
          onChange={setItemId}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={items.isFetching ? t('labels.searching') : t('labels.noItems')}
          disabled={job.running}
          data-testid="labels-item"
        />
      )}
      {source === 'range' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('labels.from')}
            placeholder="LIB00001"
            dir="ltr"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            disabled={job.running}
          />
          <TextInput
            label={t('labels.to')}
            placeholder="LIB00040"
            dir="ltr"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            disabled={job.running}
          />
        </SimpleGrid>
      )}
      {source === 'import' &&
        (imported ? (
          <Text fz="sm" data-testid="labels-import-range">
            {t('labels.importRange', { from: imported.from, to: imported.to })}
          </Text>
        ) : (
          <Alert color="gray" variant="light" data-testid="labels-no-import">
            {t('labels.noImport')}
          </Alert>
        ))}
      <NumberInput
        label={t('labels.skip')}
        description={t('labels.skipHint')}
        min={0}
        max={64}
        allowDecimal={false}
        value={skip}
        onChange={setSkip}
        maw={280}
        disabled={job.running}
      />
      {invalid && (
        <Text c="red.8" fz="sm" role="alert">
          {invalid}
        </Text>
      )}
      {job.error !== null && !job.running && (
        <Alert color="red" variant="light" data-testid="labels-error">
          {libraryText(errorText(job.error))}
        </Alert>
      )}
      <Group>
        <Button
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={make}
          loading={job.running}
          disabled={!body}
          data-testid="labels-start"
        >
          {t('labels.start')}
        </Button>
      </Group>
      <ExportProgress
        job={job}
        testId="labels"
        onRetry={make}
        text={{
          name: t('labels.pdf'),
          preparing: t('labels.preparing'),
          ready: t('labels.ready'),
          open: t('labels.open'),
          failed: t('labels.failed'),
          retry: t('labels.retry'),
        }}
      />
    </Stack>
  );
}
