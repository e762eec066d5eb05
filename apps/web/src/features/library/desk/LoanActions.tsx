import { pagePath } from '@cue/contract';
import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconFlag, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/FormModal';
import { fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { type Loan, useMarkLost, useRenew, useReturn } from '../api-desk';
import { LoanStatus } from '../components/LoanStatus';
import { libraryErrorText, librarySaid } from '../components/libraryText';
import { ReturnModal } from '../components/ReturnModal';
import { LIBRARY_DESK_NS } from '../i18n';

/**
 * The desk's answer to a loan: Return (with the copy's condition), Renew and Lost (after a
 * confirmation), each shown only when the loan's abilities allow it. Toasts follow the call itself,
 * since the loan's row may leave the list before the answer is read.
 */
export function LoanActions({ loan }: { loan: Loan }) {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  const giveBack = useReturn();
  const renew = useRenew();
  const lost = useMarkLost();
  const [returning, setReturning] = useState(false);
  const [losing, setLosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { can_return, can_renew, can_mark_lost } = loan.abilities;
  if (!can_return && !can_renew && !can_mark_lost) return null;
  const title = loan.item.title;
  // Each button's name is its visible word followed by the title (hidden), so that the name a screen
  // reader or voice control uses always contains what is seen, in every language's wording.
  return (
    <Group gap="xs" wrap="wrap">
      {can_return && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          onClick={() => {
            setError(null);
            setReturning(true);
          }}
        >
          {t('loans.return')}
          <VisuallyHidden>{` ${title}`}</VisuallyHidden>
        </Button>
      )}
      {can_renew && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={renew.isPending}
          onClick={async () => {
            try {
              const answer = await renew.mutateAsync(loan.id);
              toast.success(t('loans.renewed', { message: librarySaid(answer.message, 'renewed'), date: answer.result.due_on }));
            } catch (err) {
              toast.error(libraryErrorText(err));
            }
          }}
        >
          {t('loans.renew')}
          <VisuallyHidden>{` ${title}`}</VisuallyHidden>
        </Button>
      )}
      {can_mark_lost && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconFlag size={14} aria-hidden />}
          onClick={() => {
            setError(null);
            setLosing(true);
          }}
        >
          {t('loans.lost')}
          <VisuallyHidden>{` ${title}`}</VisuallyHidden>
        </Button>
      )}
      <ReturnModal
        opened={returning}
        title={title}
        pending={giveBack.isPending}
        error={error}
        onClose={() => setReturning(false)}
        onSubmit={async (condition, note) => {
          try {
            const answer = await giveBack.mutateAsync({ barcode: loan.copy.barcode, condition, note });
            setReturning(false);
            toast.success(returnedText(t, answer.message, answer.result.kept_for));
          } catch (err) {
            setError(libraryErrorText(err));
          }
        }}
      />
      <ConfirmModal
        opened={losing}
        onClose={() => setLosing(false)}
        title={t('loans.lostTitle')}
        message={error ?? t('loans.lostConfirm', { title, name: fullName(loan.student) })}
        confirmLabel={t('loans.lostSubmit')}
        pending={lost.isPending}
        onConfirm={async () => {
          try {
            const answer = await lost.mutateAsync({ loanId: loan.id });
            setLosing(false);
            toast.success(librarySaid(answer.message, 'markedLost'));
          } catch (err) {
            setError(libraryErrorText(err));
          }
        }}
      />
    </Group>
  );
}

/** "Returned", and who the copy is now kept for when a child was waiting for it. */
export function returnedText(
  t: (key: string, options?: Record<string, unknown>) => string,
  message: string | undefined,
  keptFor: { first_name: string; last_name: string } | null,
): string {
  const said = librarySaid(message, 'returned');
  return keptFor ? t('loans.returnedKept', { message: said, name: fullName(keptFor) }) : said;
}

/** A loan as a card: the item, its copy's barcode, where it stands and the desk's actions. */
export function LoanCard({ loan, showChild = false }: { loan: Loan; showChild?: boolean }) {
  const { t } = useTranslation(LIBRARY_DESK_NS);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="library-loan" data-loan={loan.id} data-barcode={loan.copy.barcode}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Text
              fw={600}
              component={Link}
              to={pagePath.libraryItem(loan.item.id)}
              c="inherit"
              style={{ textDecoration: 'none' }}
            >
              {loan.item.title}
            </Text>
            <Text fz="xs" c="dimmed">
              {[loan.item.authors.join(', '), t('loans.barcode', { barcode: loan.copy.barcode })].filter(Boolean).join(' · ')}
            </Text>
            {showChild && (
              <Text fz="sm">
                {fullName(loan.student)}
                {loan.student.class_name ? ` · ${loan.student.class_name}` : ''}
              </Text>
            )}
          </Stack>
          <LoanStatus loan={loan} />
        </Group>
        {loan.status === 'open' && (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {loan.renewals > 0 ? t('loans.renewals', { count: loan.renewals }) : ''}
            </Text>
            <LoanActions loan={loan} />
          </Group>
        )}
        {loan.condition === 'damaged' && (
          <Text fz="xs" c="orange.9">
            {t('loans.damaged')}
            {loan.note ? `: ${loan.note}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
