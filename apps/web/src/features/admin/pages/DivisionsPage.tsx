import { divisionRequestSchema } from '@cue/contract';
import { Badge, Button, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { errorText, toast } from '../../../lib/notify';
import { type Division, useDeleteDivision, useDivisions, useSaveDivision } from '../api';
import { AdminPage, useAllowed } from '../components/AdminPage';

function DivisionModal({ division, opened, onClose }: { division: Division | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveDivision();
  const form = useContractForm({
    schema: divisionRequestSchema,
    initialValues: { name: division?.name ?? '' },
    messages: { name: { required: t('divisions.nameRequired') } },
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: division?.id, name: body.name }), {
    onSuccess: () => {
      toast.success(division ? t('divisions.renamed') : t('divisions.created'));
      onClose();
    },
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={division ? t('divisions.rename') : t('divisions.new')}
      submitLabel={division ? t('common.save') : t('common.create')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <TextInput label={t('divisions.name')} {...form.getInputProps('name')} required maxLength={80} data-autofocus />
    </FormModal>
  );
}

/** School divisions (sections such as Pre-primary) that classes are filed under. */
export default function DivisionsPage() {
  const { t } = useTranslation('admin');
  const divisions = useDivisions(useAllowed('school-division'));
  const remove = useDeleteDivision();
  const [editing, setEditing] = useState<Division | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Division | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('divisions.deleted'));
        setDeleting(null);
      },
      onError: (err) => toast.error(errorText(err)),
    });
  };

  return (
    <AdminPage
      item="school-division"
      title={t('menu.school-division')}
      description={t('divisions.description')}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('divisions.new')}
        </Button>
      }
    >
      <DataTable
        caption={t('menu.school-division')}
        rows={divisions.data}
        loading={divisions.isPending}
        error={divisions.error}
        onRetry={() => void divisions.refetch()}
        rowKey={(d) => d.id}
        rowLabel={(d) => d.name}
        emptyText={t('divisions.empty')}
        columns={[
          { key: 'name', header: t('divisions.name'), render: (d) => d.name },
          {
            key: 'classes',
            header: t('divisions.classes'),
            width: 140,
            render: (d) => (
              <Badge variant="light" color="gray" radius="sm">
                {d.class_count}
              </Badge>
            ),
          },
        ]}
        actions={(d) => [
          { label: t('divisions.rename'), icon: IconPencil, onClick: () => setEditing(d) },
          { label: t('common.delete'), icon: IconTrash, color: 'red', onClick: () => setDeleting(d) },
        ]}
      />
      {editing !== null && (
        <DivisionModal
          key={editing === 'new' ? 'new' : editing.id}
          division={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={t('divisions.deleteTitle')}
        message={t('divisions.deleteConfirm', { name: deleting?.name ?? '', count: deleting?.class_count ?? 0 })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </AdminPage>
  );
}
