import { type CurriculumArea, type CurriculumAspect, type CurriculumStatement, curriculumNodeCreateSchema } from '@cue/contract';
import { Alert, Autocomplete, Group, NumberInput, Textarea, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { AuditHistory } from '../components/AuditHistory';
import { CURRICULUM_NS } from '../i18n';
import { AgeBandText } from './AgeBandText';
import { type NodeKind, useCreateNode, useUpdateNode } from './api';
import { curriculumErrorText, curriculumText } from './messages';

export type AnyNode = CurriculumArea | CurriculumAspect | CurriculumStatement;

/** What the node dialog is for: a new node under a parent, or a node of the school's to edit. */
export type NodeTarget =
  | { mode: 'add'; kind: 'area' }
  | { mode: 'add'; kind: 'aspect'; parent: CurriculumArea }
  | { mode: 'add'; kind: 'statement'; parent: CurriculumAspect }
  | { mode: 'edit'; kind: 'area'; node: CurriculumArea }
  | { mode: 'edit'; kind: 'aspect'; node: CurriculumAspect }
  | { mode: 'edit'; kind: 'statement'; node: CurriculumStatement };

interface Values {
  code: string;
  name: string;
  group: string;
  age_from_months: number | '';
  age_to_months: number | '';
}

const textOf = (node: AnyNode) => ('text' in node ? node.text : node.name);

/** The dialog's title: "Add statement to Speaking", "Edit area". */
function titleOf(target: NodeTarget, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (target.mode === 'edit') return t(`node.editTitle.${target.kind}`, { code: target.node.code });
  if (target.kind === 'area') return t('node.addTitle.area');
  return t(`node.addTitle.${target.kind}`, { name: target.parent.name });
}

/**
 * Adds an area, aspect or statement, or edits one of the school's: code, name (a statement's text), an
 * area's group heading, a statement's age band in months (with the years it makes shown beside).
 */
export function NodeModal({
  frameworkId,
  target,
  groups,
  onClose,
  onSaved,
}: {
  frameworkId: string;
  target: NodeTarget;
  /** The group headings the framework already has, offered for a new area. */
  groups: string[];
  onClose: () => void;
  onSaved?: (kind: NodeKind) => void;
}) {
  const { t } = useTranslation(CURRICULUM_NS);
  const create = useCreateNode(frameworkId);
  const update = useUpdateNode();
  const node = target.mode === 'edit' ? target.node : null;
  const statement = target.kind === 'statement' && target.mode === 'edit' ? target.node : null;
  const form = useContractForm({
    schema: curriculumNodeCreateSchema,
    initialValues: {
      code: node?.code ?? '',
      name: node ? textOf(node) : '',
      group: target.mode === 'edit' && target.kind === 'area' ? target.node.group : '',
      age_from_months: statement?.age_from_months ?? '',
      age_to_months: statement?.age_to_months ?? '',
    } as Values,
    toBody: (v) => ({
      kind: target.kind,
      parent_id: target.mode === 'add' && target.kind !== 'area' ? target.parent._id : null,
      code: v.code,
      name: v.name,
      ...(target.kind === 'area' ? { group: v.group } : {}),
      ...(target.kind === 'statement'
        ? {
            age_from_months: v.age_from_months === '' ? null : v.age_from_months,
            age_to_months: v.age_to_months === '' ? null : v.age_to_months,
          }
        : {}),
    }),
    messages: {
      code: { required: t('node.codeRequired') },
      name: { required: target.kind === 'statement' ? t('node.textRequired') : t('node.nameRequired') },
    },
    rules: (v) => ({
      age_to_months:
        v.age_from_months !== '' && v.age_to_months !== '' && v.age_from_months > v.age_to_months && t('messages.ageBand'),
    }),
  });
  const submit = form.submitWith(
    (body) =>
      target.mode === 'edit'
        ? update.mutateAsync({
            id: target.node._id,
            body: {
              kind: body.kind,
              code: body.code,
              name: body.name,
              group: body.group,
              age_from_months: body.age_from_months,
              age_to_months: body.age_to_months,
            },
          })
        : create.mutateAsync(body),
    {
      onSuccess: (answer) => {
        toast.success(
          curriculumText((answer as { message?: string }).message, target.mode === 'edit' ? 'nodeSaved' : 'nodeCreated'),
        );
        onSaved?.(target.kind);
        onClose();
      },
      onError: (err) => form.setError(curriculumErrorText(err)),
    },
  );
  const from = form.values.age_from_months;
  const to = form.values.age_to_months;
  const reworded =
    !!statement && statement.tagged > 0 && (form.values.name !== statement.text || form.values.code !== statement.code);
  return (
    <FormModal
      opened
      onClose={onClose}
      title={titleOf(target, t)}
      submitLabel={target.mode === 'edit' ? t('node.save') : t('node.add')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="lg"
    >
      <TextInput
        label={t('node.code')}
        description={t('node.codeHint')}
        required
        maxLength={40}
        data-autofocus
        {...form.getInputProps('code')}
      />
      {target.kind === 'statement' ? (
        <Textarea
          label={t('node.text')}
          required
          autosize
          minRows={2}
          maxRows={8}
          maxLength={1000}
          {...form.getInputProps('name')}
        />
      ) : (
        <TextInput
          label={target.kind === 'area' ? t('node.areaName') : t('node.aspectName')}
          required
          maxLength={1000}
          {...form.getInputProps('name')}
        />
      )}
      {target.kind === 'area' && (
        <Autocomplete
          label={t('node.group')}
          description={t('node.groupHint')}
          data={groups.filter(Boolean)}
          maxLength={120}
          {...form.getInputProps('group')}
        />
      )}
      {target.kind === 'statement' && (
        <>
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={t('node.ageFrom')}
              description={from === '' ? t('node.monthsHint') : <AgeBandText from={from} to={null} bare />}
              min={0}
              max={144}
              allowDecimal={false}
              allowNegative={false}
              miw={160}
              {...form.getInputProps('age_from_months')}
            />
            <NumberInput
              label={t('node.ageTo')}
              description={to === '' ? t('node.monthsHint') : <AgeBandText from={null} to={to} bare />}
              min={0}
              max={144}
              allowDecimal={false}
              allowNegative={false}
              miw={160}
              {...form.getInputProps('age_to_months')}
            />
          </Group>
          {from !== '' && to !== '' && from <= to && (
            <Alert variant="light" color="gray" p="xs" data-testid="age-band-preview">
              <AgeBandText from={from} to={to} />
            </Alert>
          )}
        </>
      )}
      {reworded && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} data-testid="versioned-warning">
          {t('node.versionWarning')}
        </Alert>
      )}
      {node && (
        <Group>
          <AuditHistory entityType="curriculum_node" entityId={node._id} />
        </Group>
      )}
    </FormModal>
  );
}
