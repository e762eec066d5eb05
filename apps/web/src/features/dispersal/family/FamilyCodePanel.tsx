import { Alert, Box, Button, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { isHidden } from '../../../components/RecordCard';
import { errorText, toast } from '../../../lib/notify';
import { useFamilyCodes, useRenewFamilyCode } from '../api-family';
import { dispersalMessage, PICKUP_FAMILY_NS } from '../i18n';

/** The QR code of a family's code as an SVG image, drawn on the device (bwip-js, loaded only when shown). */
function useQrImage(text: string) {
  return useQuery({
    queryKey: ['dispersal', 'qr', text],
    queryFn: async () => {
      const { toSVG } = await import('bwip-js/browser');
      const svg = toSVG({ bcid: 'qrcode', text, scale: 4, paddingwidth: 2, paddingheight: 2 });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function QrImage({ text, label }: { text: string; label: string }) {
  const image = useQrImage(text);
  if (image.data) return <Image src={image.data} alt={label} w={160} h={160} fit="contain" data-testid="family-code-qr" />;
  return <Skeleton w={160} h={160} aria-hidden />;
}

/**
 * The family's code at the child's school (families only): the 4 digits to type at the kiosk, big, and
 * the QR code to show it instead. A new code stops the old one at once.
 */
export function FamilyCodePanel({ studentId }: { studentId: string }) {
  const { t } = useTranslation(PICKUP_FAMILY_NS);
  const codes = useFamilyCodes(true);
  const renew = useRenewFamilyCode();
  const [confirm, setConfirm] = useState(false);
  if (isHidden(codes.error)) return null;
  if (codes.isError)
    return (
      <Alert color="red" variant="light">
        {errorText(codes.error)}
      </Alert>
    );
  if (!codes.data) return <Skeleton h={120} aria-hidden />;
  const code = codes.data.find((c) => c.children.some((child) => child.id === studentId));
  if (!code) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="family-code">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t('familyCode.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('familyCode.hint', { school: code.school.name })}
        </Text>
        <Group gap="lg" align="center" wrap="wrap">
          <Box>
            <Text
              fz={44}
              fw={800}
              lh={1}
              dir="ltr"
              style={{ letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' }}
              aria-label={t('familyCode.digits', { code: code.code.split('').join(' ') })}
              data-testid="family-code-digits"
            >
              {code.code}
            </Text>
          </Box>
          <QrImage text={code.qr} label={t('familyCode.qr')} />
        </Group>
        <Group>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => setConfirm(true)}
          >
            {t('familyCode.renew')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirm}
        onClose={() => setConfirm(false)}
        title={t('familyCode.renewTitle')}
        message={t('familyCode.renewConfirm')}
        confirmLabel={t('familyCode.renew')}
        pending={renew.isPending}
        onConfirm={() =>
          renew.mutate(code.school.id, {
            onSuccess: () => {
              toast.success(dispersalMessage('codeRenewed'));
              setConfirm(false);
            },
            onError: (err) => toast.error(errorText(err)),
          })
        }
      />
    </Paper>
  );
}
