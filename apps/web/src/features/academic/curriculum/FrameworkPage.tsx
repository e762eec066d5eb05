import {
  type CurriculumArea,
  type CurriculumAspect,
  type CurriculumStatement,
  type CurriculumTree,
  PAGE_PATHS,
} from '@cue/contract';
import {
  Accordion,
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconDots,
  IconLock,
  IconPencil,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { AuditHistory } from '../components/AuditHistory';
import { academicNeed, CURRICULUM_NS } from '../i18n';
import { AgeBandText } from './AgeBandText';
import { type NodeKind, useArchiveNode, useFrameworkTree, useOrderNodes } from './api';
import { OriginBadge } from './CurriculumPage';
import { CopyModal, FrameworkModal } from './FrameworkDialogs';
import { filterTree, groupAreas, moveItem, ownOrder, statementCount } from './format';
import { curriculumErrorText, curriculumText } from './messages';
import { type AnyNode, NodeModal, type NodeTarget } from './NodeDialog';

/** What a node's actions need to know: its kind, its siblings' order, and what the framework allows. */
interface NodeContext {
  kind: NodeKind;
  node: AnyNode;
  /** Its parent's id (null for an area) and the school's own live siblings in order (what a move reorders), from the whole tree. */
  parentId: string | null;
  siblings: string[];
  /** The person may change this framework's tree (add, edit own nodes, archive, order). */
  editable: boolean;
}

/** The product's lock: a shipped node is read only (a tooltip says what to do instead). */
function ShippedLock() {
  const { t } = useTranslation(CURRICULUM_NS);
  return (
    <Tooltip label={t('node.shippedTip')} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Box component="span" role="img" aria-label={t('node.shipped')} c="dimmed" style={{ display: 'inline-flex' }}>
        <IconLock size={14} aria-hidden />
      </Box>
    </Tooltip>
  );
}

/** One menu per node (a phone has no room for four icons a row): edit, archive or restore, move up or down. */
function NodeMenu({
  context,
  label,
  onEdit,
  onArchive,
  onMove,
  busy,
}: {
  context: NodeContext;
  label: string;
  onEdit: () => void;
  onArchive: () => void;
  onMove: (delta: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(CURRICULUM_NS);
  const { node, siblings, editable } = context;
  if (!editable) return null;
  const own = !node.shipped;
  const index = siblings.indexOf(node._id);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('node.actionsFor', { name: label })} disabled={busy}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {own && !node.archived && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            {t('node.edit')}
          </Menu.Item>
        )}
        {own && !node.archived && (
          <>
            <Menu.Item leftSection={<IconArrowUp size={16} aria-hidden />} disabled={index <= 0} onClick={() => onMove(-1)}>
              {t('node.up')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowDown size={16} aria-hidden />}
              disabled={index < 0 || index >= siblings.length - 1}
              onClick={() => onMove(1)}
            >
              {t('node.down')}
            </Menu.Item>
          </>
        )}
        <Menu.Item
          leftSection={node.archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />}
          onClick={onArchive}
        >
          {node.archived ? t('node.restore') : t('node.archive')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The badges a node shows: the product's lock, archived. */
function NodeBadges({ node }: { node: AnyNode }) {
  const { t } = useTranslation(CURRICULUM_NS);
  return (
    <>
      {node.shipped && <ShippedLock />}
      {node.archived && (
        <SoftBadge color="gray" data-testid="archived-badge">
          {t('archivedBadge')}
        </SoftBadge>
      )}
    </>
  );
}

interface Handlers {
  edit: (target: NodeTarget) => void;
  add: (target: NodeTarget) => void;
  archive: (context: NodeContext) => void;
  move: (context: NodeContext, delta: number) => void;
  busy: boolean;
}

function StatementRow({
  statement,
  context,
  handlers,
}: {
  statement: CurriculumStatement;
  context: NodeContext;
  handlers: Handlers;
}) {
  const { t, i18n } = useTranslation(CURRICULUM_NS);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      py={6}
      data-testid="curriculum-statement"
      data-code={statement.code}
      data-archived={statement.archived ? 'true' : undefined}
      // Archived rows are muted by their dimmed text and a tinted background (opacity would drop the text below 4.5:1).
      bg={statement.archived ? 'var(--mantine-color-default-hover)' : undefined}
      style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} miw={0} flex={1}>
        <Group gap={6} wrap="wrap">
          <Text fz="xs" fw={700} c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {statement.code}
          </Text>
          {statement.version > 1 && (
            <SoftBadge color="violet" size="xs" data-testid="version-badge">
              {t('statement.version', { version: number.format(statement.version) })}
            </SoftBadge>
          )}
          <NodeBadges node={statement} />
        </Group>
        <Text fz="sm" c={statement.archived ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {statement.text}
        </Text>
        <Group gap="xs" wrap="wrap">
          <AgeBandText from={statement.age_from_months} to={statement.age_to_months} />
          {statement.tagged > 0 && (
            <Text component="span" fz="xs" c="dimmed" data-testid="tagged-count">
              {t('statement.tagged', { count: statement.tagged, n: number.format(statement.tagged) })}
            </Text>
          )}
          {statement.replaced_by && (
            <Text component="span" fz="xs" c="dimmed">
              {t('statement.replaced')}
            </Text>
          )}
        </Group>
      </Stack>
      <NodeMenu
        context={context}
        label={t('statement.label', { code: statement.code })}
        busy={handlers.busy}
        onEdit={() => handlers.edit({ mode: 'edit', kind: 'statement', node: statement })}
        onArchive={() => handlers.archive(context)}
        onMove={(d) => handlers.move(context, d)}
      />
    </Group>
  );
}

function AspectSection({
  aspect,
  context,
  full,
  editable,
  handlers,
}: {
  aspect: CurriculumAspect;
  context: NodeContext;
  /** The aspect as the whole tree holds it (the order of its statements, not only those found). */
  full: CurriculumAspect | undefined;
  editable: boolean;
  handlers: Handlers;
}) {
  const { t } = useTranslation(CURRICULUM_NS);
  const siblings = ownOrder((full ?? aspect).statements);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="sm"
      data-testid="curriculum-aspect"
      data-code={aspect.code}
      aria-label={aspect.name}
      bg={aspect.archived ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="wrap">
            <Title order={4} fz="sm" c={aspect.archived ? 'dimmed' : undefined}>
              {aspect.name}
            </Title>
            <Text fz="xs" c="dimmed">
              {aspect.code}
            </Text>
            <NodeBadges node={aspect} />
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {editable && !aspect.archived && (
            <Tooltip label={t('node.addStatement')}>
              <ActionIcon
                variant="light"
                size="lg"
                aria-label={t('node.addStatementTo', { name: aspect.name })}
                onClick={() => handlers.add({ mode: 'add', kind: 'statement', parent: aspect })}
              >
                <IconPlus size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <NodeMenu
            context={context}
            label={aspect.name}
            busy={handlers.busy}
            onEdit={() => handlers.edit({ mode: 'edit', kind: 'aspect', node: aspect })}
            onArchive={() => handlers.archive(context)}
            onMove={(d) => handlers.move(context, d)}
          />
        </Group>
      </Group>
      {aspect.statements.length === 0 ? (
        <Text fz="sm" c="dimmed" mt="xs">
          {t('aspect.empty')}
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {aspect.statements.map((s) => (
            <StatementRow
              key={s._id}
              statement={s}
              handlers={handlers}
              context={{ kind: 'statement', node: s, parentId: aspect._id, siblings, editable }}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}

function FrameworkHeader({ tree, actions }: { tree: CurriculumTree; actions: ReactNode }) {
  const { t, i18n } = useTranslation(CURRICULUM_NS);
  const f = tree.framework;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text fz="sm" c="dimmed" fw={600}>
          {f.code}
        </Text>
        <OriginBadge shipped={f.shipped} />
        {f.archived && <SoftBadge color="gray">{t('archivedBadge')}</SoftBadge>}
        <Text fz="sm" c="dimmed">
          {t('framework.counts', {
            areas: number.format(f.area_count),
            statements: number.format(f.statement_count),
          })}
        </Text>
      </Group>
      {f.shipped && (
        <Text fz="sm" c="dimmed" maw={760}>
          {t('framework.shippedHint')}
        </Text>
      )}
      <Group gap="sm" wrap="wrap">
        {actions}
      </Group>
    </Stack>
  );
}

function Tree({ id }: { id: string }) {
  const { t, i18n } = useTranslation(CURRICULUM_NS);
  const [archived, setArchived] = useState(false);
  const tree = useFrameworkTree(id, archived);
  const archive = useArchiveNode();
  const order = useOrderNodes(id);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 200);
  const [opened, setOpened] = useState<string[]>([]);
  const [dialog, setDialog] = useState<NodeTarget | null>(null);
  const [frameworkDialog, setFrameworkDialog] = useState<'edit' | 'copy' | null>(null);
  const data = tree.data;
  const areas = data?.areas ?? [];
  const found = useMemo(() => filterTree(areas, query), [areas, query]);
  const searching = query.trim() !== '';
  const number = new Intl.NumberFormat(i18n.language);
  const f = data?.framework;
  // Changing the tree follows the framework's `add` ability (the server's answer); own nodes only are edited or moved.
  const editable = !!f?.abilities.add;
  const fullAspects = useMemo(() => new Map(areas.flatMap((a) => a.aspects).map((a) => [a._id, a] as const)), [areas]);
  const fullAreas = useMemo(() => new Map(areas.map((a) => [a._id, a] as const)), [areas]);

  const handlers: Handlers = {
    busy: archive.isPending || order.isPending,
    edit: setDialog,
    add: setDialog,
    archive: ({ kind, node }) =>
      archive.mutate(
        { id: node._id, kind, restore: node.archived },
        {
          onSuccess: (answer) => toast.success(curriculumText(answer.message, node.archived ? 'nodeRestored' : 'nodeArchived')),
          onError: (err) => toast.error(curriculumErrorText(err)),
        },
      ),
    move: ({ kind, node, parentId, siblings }, delta) => {
      const index = siblings.indexOf(node._id);
      order.mutate(
        { kind, parent_id: parentId, ids: moveItem(siblings, index, delta) },
        {
          onSuccess: (answer) => toast.success(curriculumText(answer.message, 'orderSaved')),
          onError: (err) => toast.error(curriculumErrorText(err)),
        },
      );
    },
  };

  if (tree.isPending)
    return (
      <Page title={t('framework.loading')}>
        <Stack gap="sm" aria-busy>
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} height={48} radius="md" />
          ))}
        </Stack>
      </Page>
    );
  if (!data || !f)
    return (
      <Page title={t('page.title')}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('framework.loadFailed')}>
          <Text fz="sm">{curriculumErrorText(tree.error)}</Text>
          <Group gap="sm" mt="xs">
            <Button size="xs" variant="white" color="red" onClick={() => void tree.refetch()}>
              {t('retry')}
            </Button>
            <Anchor component={Link} to={PAGE_PATHS.curriculum} fz="sm">
              {t('framework.back')}
            </Anchor>
          </Group>
        </Alert>
      </Page>
    );

  const groups = groupAreas(found);
  const openIds = searching ? found.map((a) => a._id) : opened;
  const areaIds = areas.map((a) => a._id);
  const ownAreas = ownOrder(areas);

  return (
    <Page title={f.name} description={f.description || undefined}>
      <Breadcrumbs separator="/" style={{ flexWrap: 'wrap' }} aria-label={t('framework.breadcrumb')} mt={-8}>
        <Anchor component={Link} to={PAGE_PATHS.curriculum} fz="sm">
          {t('page.title')}
        </Anchor>
        <Text fz="sm" aria-current="page">
          {f.name}
        </Text>
      </Breadcrumbs>
      <FrameworkHeader
        tree={data}
        actions={
          <>
            {editable && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ mode: 'add', kind: 'area' })}>
                {t('node.addArea')}
              </Button>
            )}
            {f.abilities.edit && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setFrameworkDialog('edit')}
              >
                {t('framework.editButton')}
              </Button>
            )}
            {f.abilities.copy && (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={() => setFrameworkDialog('copy')}
              >
                {t('framework.copyButton')}
              </Button>
            )}
            <AuditHistory entityType="curriculum_framework" entityId={f._id} label={t('framework.history')} />
            <AuditHistory entityType="curriculum_node" label={t('framework.itemsHistory')} />
          </>
        }
      />
      <Paper withBorder radius="lg" p="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            type="search"
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            flex="1 1 220px"
            data-testid="curriculum-search"
          />
          <Switch
            label={t('showArchived')}
            checked={archived}
            onChange={(e) => setArchived(e.currentTarget.checked)}
            data-testid="curriculum-show-archived"
            mb={8}
          />
          {!searching && areas.length > 0 && (
            <Button variant="subtle" size="compact-sm" mb={6} onClick={() => setOpened(opened.length ? [] : areaIds)}>
              {opened.length ? t('tree.collapseAll') : t('tree.expandAll')}
            </Button>
          )}
        </Group>
        {searching && (
          <Text fz="sm" c="dimmed" mt="xs" aria-live="polite" data-testid="curriculum-search-count">
            {t('search.found', { count: statementCount(found), n: number.format(statementCount(found)) })}
          </Text>
        )}
      </Paper>

      {areas.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
            {editable ? t('tree.emptyEditor') : t('tree.empty')}
          </Text>
        </Paper>
      ) : found.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
            {t('search.none')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="lg" data-testid="curriculum-tree">
          {groups.map((g) => (
            <Stack key={g.group || '-'} gap="xs">
              {g.group && (
                <Title order={2} fz="md" c="dimmed">
                  {g.group}
                </Title>
              )}
              <Accordion multiple value={openIds} onChange={setOpened} variant="separated" radius="md" chevronPosition="left">
                {g.areas.map((area) => (
                  <AreaItem
                    key={area._id}
                    area={area}
                    full={fullAreas.get(area._id)}
                    fullAspects={fullAspects}
                    siblings={ownAreas}
                    editable={editable}
                    handlers={handlers}
                  />
                ))}
              </Accordion>
            </Stack>
          ))}
        </Stack>
      )}

      {dialog && (
        <NodeModal
          key={dialog.mode === 'edit' ? dialog.node._id : `${dialog.kind}-${dialog.kind === 'area' ? '' : dialog.parent._id}`}
          frameworkId={f._id}
          target={dialog}
          groups={[...new Set(areas.map((a) => a.group))]}
          onClose={() => setDialog(null)}
          onSaved={() => {
            // A statement or aspect added shows where it went: its area opens.
            if (dialog.mode === 'add' && dialog.kind !== 'area') {
              const areaId = dialog.kind === 'aspect' ? dialog.parent._id : dialog.parent.area_id;
              setOpened((o) => (o.includes(areaId) ? o : [...o, areaId]));
            }
          }}
        />
      )}
      {frameworkDialog === 'edit' && <FrameworkModal framework={f} onClose={() => setFrameworkDialog(null)} />}
      {frameworkDialog === 'copy' && <CopyModal framework={f} onClose={() => setFrameworkDialog(null)} />}
    </Page>
  );
}

function AreaItem({
  area,
  full,
  fullAspects,
  siblings,
  editable,
  handlers,
}: {
  area: CurriculumArea;
  full: CurriculumArea | undefined;
  fullAspects: Map<string, CurriculumAspect>;
  siblings: string[];
  editable: boolean;
  handlers: Handlers;
}) {
  const { t, i18n } = useTranslation(CURRICULUM_NS);
  const number = new Intl.NumberFormat(i18n.language);
  const count = area.aspects.reduce((n, a) => n + a.statements.length, 0);
  const aspectIds = ownOrder((full ?? area).aspects);
  const context: NodeContext = { kind: 'area', node: area, parentId: null, siblings, editable };
  return (
    <Accordion.Item
      value={area._id}
      data-testid="curriculum-area"
      data-code={area.code}
      data-archived={area.archived ? 'true' : undefined}
    >
      <Group gap={0} wrap="nowrap" pe="xs">
        <Accordion.Control style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} c={area.archived ? 'dimmed' : undefined}>
              {area.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {area.code}
            </Text>
            <Text fz="xs" c="dimmed">
              {t('area.statements', { count, n: number.format(count) })}
            </Text>
            <NodeBadges node={area} />
          </Group>
        </Accordion.Control>
        <NodeMenu
          context={context}
          label={area.name}
          busy={handlers.busy}
          onEdit={() => handlers.edit({ mode: 'edit', kind: 'area', node: area })}
          onArchive={() => handlers.archive(context)}
          onMove={(d) => handlers.move(context, d)}
        />
      </Group>
      <Accordion.Panel>
        <Stack gap="sm">
          {area.aspects.length === 0 && (
            <Text fz="sm" c="dimmed">
              {t('area.empty')}
            </Text>
          )}
          {area.aspects.map((aspect) => (
            <AspectSection
              key={aspect._id}
              aspect={aspect}
              full={fullAspects.get(aspect._id)}
              editable={editable}
              handlers={handlers}
              context={{ kind: 'aspect', node: aspect, parentId: area._id, siblings: aspectIds, editable }}
            />
          ))}
          {editable && !area.archived && (
            <Group>
              <Button
                variant="light"
                size="sm"
                leftSection={<IconPlus size={16} aria-hidden />}
                aria-label={t('node.addAspectTo', { name: area.name })}
                onClick={() => handlers.add({ mode: 'add', kind: 'aspect', parent: area })}
              >
                {t('node.addAspect')}
              </Button>
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function Body() {
  const { id = '' } = useParams();
  return <Tree key={id} id={id} />;
}

/** /admin/academic-setup/curriculum/:id: one framework's tree (areas, aspects, statements). */
export default function FrameworkPage() {
  return (
    <Gate need={academicNeed('academic-setup.curriculum')}>
      <Body />
    </Gate>
  );
}
