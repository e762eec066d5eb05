import { type SchoolInfo, updateSchoolRequestSchema } from '@cue/contract';
import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Grid,
  Group,
  Paper,
  Progress,
  Radio,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconBuildingCommunity, IconDeviceFloppy, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/useContractForm';
import { errorText, toast } from '../../../lib/notify';
import { useSchoolInfo, useUpdateSchool, useUploadLogo } from '../api';
import { AdminPage, useAllowed, useCan } from '../components/AdminPage';
import { RetentionCard } from '../components/RetentionCard';

const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Names the browser's time zone list (ICU) still gives in their old spelling, with today's names. */
const RENAMED_ZONES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

/** Every IANA time zone the browser knows (by today's names), UTC first, and the school's own. */
function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone').map((zone) => RENAMED_ZONES[zone] ?? zone);
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  if (current) all.add(current);
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

function LogoCard({ school, editable }: { school: SchoolInfo; editable: boolean }) {
  const { t } = useTranslation('admin');
  const upload = useUploadLogo();
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(t('school.logoImagesOnly'));
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => toast.success(t('school.logoSaved')),
        onError: (err) => toast.error(errorText(err)),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack align="center" gap="md">
        <Avatar
          src={school.logo}
          alt={school.logo ? t('school.logoAlt', { name: school.name }) : ''}
          size={112}
          radius="lg"
          color="cue"
          variant="light"
        >
          <IconBuildingCommunity size={48} aria-hidden />
        </Avatar>
        <Text fw={600} ta="center">
          {t('school.logo')}
        </Text>
        {progress !== null && <Progress value={progress * 100} w="100%" aria-label={t('school.logoUploading')} animated />}
        {editable && (
          <FileButton onChange={choose} accept={LOGO_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={18} aria-hidden />} loading={upload.isPending}>
                {school.logo ? t('school.changeLogo') : t('school.uploadLogo')}
              </Button>
            )}
          </FileButton>
        )}
        <Text fz="xs" c="dimmed" ta="center">
          {t('school.logoHint')}
        </Text>
      </Stack>
    </Paper>
  );
}

function DetailsForm({ school, editable }: { school: SchoolInfo; editable: boolean }) {
  const { t } = useTranslation('admin');
  const save = useUpdateSchool();
  const form = useContractForm({
    schema: updateSchoolRequestSchema,
    initialValues: { name: school.name, editor_direction: school.editor_direction, time_zone: school.time_zone },
    messages: { name: { required: t('school.nameRequired') } },
  });
  const { setValues, resetDirty } = form;
  // The saved school (after a save, or changed elsewhere) is what the form shows.
  useEffect(() => {
    const saved = { name: school.name, editor_direction: school.editor_direction, time_zone: school.time_zone };
    setValues(saved);
    resetDirty(saved);
  }, [school, setValues, resetDirty]);
  const zones = useMemo(() => timeZones(school.time_zone), [school.time_zone]);

  const submit = form.submitWith((body, values) => save.mutateAsync({ ...values, name: body.name ?? values.name }), {
    onSuccess: () => toast.success(t('school.saved')),
  });

  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('school.name')} {...form.getInputProps('name')} required maxLength={120} readOnly={!editable} />
        <TextInput label={t('school.organization')} value={school.organization.name} readOnly variant="filled" />
        <Radio.Group
          label={t('school.direction')}
          description={t('school.directionHint')}
          {...form.getInputProps('editor_direction')}
        >
          <Group gap="xl" mt="xs">
            <Radio value="l2r" label={t('school.l2r')} disabled={!editable} />
            <Radio value="r2l" label={t('school.r2l')} disabled={!editable} />
          </Group>
        </Radio.Group>
        <Select
          label={t('school.timeZone')}
          description={t('school.timeZoneHint')}
          data={zones}
          {...form.getInputProps('time_zone')}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('common.nothingFound')}
          readOnly={!editable}
          limit={200}
        />
        {form.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="form-error">
            {form.error}
          </Alert>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.pending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** School details: name, logo, text direction and time zone (PUT /api/school/, POST /api/school/logo), and retention. */
export default function SchoolDetailsPage() {
  const { t } = useTranslation('admin');
  const school = useSchoolInfo(useAllowed('school-details'));
  const can = useCan();
  const editable = can({ permission: 'admin_portal.school_details' });
  return (
    <AdminPage item="school-details" title={t('menu.school-details')} description={t('school.description')}>
      {school.data ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <DetailsForm school={school.data} editable={editable} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <LogoCard school={school.data} editable={editable} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <RetentionCard editable={editable} />
          </Grid.Col>
        </Grid>
      ) : (
        <Skeleton height={320} radius="lg" />
      )}
    </AdminPage>
  );
}
