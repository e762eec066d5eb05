import { type ResourceRequest, SCHOOL_RESOURCE_KINDS, type SchoolResourceKind } from '@cue/contract';
import { Group, NumberInput, SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { errorText, toast } from '../../../lib/notify';
import { AuditHistory } from '../components/AuditHistory';
import { RESOURCES_NS } from '../i18n';
import { type Resource, resourceText, useSaveResource } from './api-resources';

/** The request a resource's fields make: a room's type and capacity and a material's unit only for those kinds. */
export function resourceBody(v: {
  name: string;
  kind: SchoolResourceKind;
  room_type: string;
  capacity: number | '';
  quantity: number | '';
  unit: string;
  location: string;
  description: string;
  bookable: boolean;
}): ResourceRequest {
  return {
    name: v.name.trim(),
    kind: v.kind,
    room_type: v.kind === 'room' ? v.room_type.trim() || null : null,
    capacity: v.kind === 'room' && v.capacity !== '' ? v.capacity : null,
    quantity: v.quantity === '' ? 0 : v.quantity,
    unit: v.kind === 'material' ? v.unit.trim() || null : null,
    location: v.location.trim(),
    description: v.description.trim(),
    bookable: v.bookable,
  };
}

/** "Add resource" (no resource) or its Edit dialog; the fields follow the kind (rooms, equipment, materials). */
export function ResourceForm({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const { t } = useTranslation(RESOURCES_NS);
  const save = useSaveResource();
  const [values, setValues] = useState({
    name: resource?.name ?? '',
    kind: resource?.kind ?? ('room' as SchoolResourceKind),
    room_type: resource?.room_type ?? '',
    capacity: (resource?.capacity ?? '') as number | '',
    quantity: (resource?.quantity ?? 1) as number | '',
    unit: resource?.unit ?? '',
    location: resource?.location ?? '',
    description: resource?.description ?? '',
    bookable: resource?.bookable ?? true,
  });
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  const readOnly = !!resource && !resource.abilities.edit;
  const nameMissing = !values.name.trim();
  const quantityBad = values.quantity === '' || values.quantity < 1;

  const submit = () => {
    setTried(true);
    setError(null);
    if (nameMissing || quantityBad) return;
    save.mutate(
      { id: resource?._id, body: resourceBody(values) },
      {
        onSuccess: (answer) => {
          toast.success(resourceText(answer.message) || t(resource ? 'messages.saved' : 'messages.created'));
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={resource ? (readOnly ? resource.name : t('form.editTitle', { name: resource.name })) : t('form.newTitle')}
      submitLabel={t('form.save')}
      onSubmit={submit}
      pending={save.isPending}
      readOnly={readOnly}
      error={error}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minInlineSize: 0 }}>
        <Stack gap="md">
          <TextInput
            label={t('form.name')}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            maxLength={120}
            required
            error={tried && nameMissing ? t('form.nameNeeded') : undefined}
            data-autofocus
          />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="resource-kind-label">
              {t('form.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="resource-kind-label"
              value={values.kind}
              onChange={(v) => set('kind', v as SchoolResourceKind)}
              data={SCHOOL_RESOURCE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              disabled={readOnly}
            />
          </Stack>
          {values.kind === 'room' && (
            <Group grow gap="sm" align="flex-start">
              <TextInput
                label={t('form.roomType')}
                placeholder={t('form.roomTypePlaceholder')}
                value={values.room_type}
                maxLength={80}
                onChange={(e) => set('room_type', e.currentTarget.value)}
              />
              <NumberInput
                label={t('form.capacity')}
                value={values.capacity}
                onChange={(v) => set('capacity', v === '' ? '' : Number(v))}
                min={1}
                max={2000}
                allowDecimal={false}
              />
            </Group>
          )}
          <Group grow gap="sm" align="flex-start">
            <NumberInput
              label={t('form.quantity')}
              description={values.kind === 'room' ? t('form.quantityRoom') : undefined}
              value={values.quantity}
              onChange={(v) => set('quantity', v === '' ? '' : Number(v))}
              min={1}
              max={100000}
              allowDecimal={false}
              required
              error={tried && quantityBad ? t('form.quantityNeeded') : undefined}
            />
            {values.kind === 'material' && (
              <TextInput
                label={t('form.unit')}
                placeholder={t('form.unitPlaceholder')}
                value={values.unit}
                maxLength={40}
                onChange={(e) => set('unit', e.currentTarget.value)}
              />
            )}
          </Group>
          <TextInput
            label={t('form.location')}
            value={values.location}
            maxLength={200}
            onChange={(e) => set('location', e.currentTarget.value)}
          />
          <Textarea
            label={t('form.description')}
            value={values.description}
            maxLength={2000}
            autosize
            minRows={2}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <Switch
            label={t('form.bookable')}
            description={t('form.bookableHint')}
            checked={values.bookable}
            onChange={(e) => set('bookable', e.currentTarget.checked)}
          />
        </Stack>
      </fieldset>
      {resource && (
        <Group>
          <AuditHistory entityType="resource" entityId={resource._id} />
        </Group>
      )}
    </FormModal>
  );
}
