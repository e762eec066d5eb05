import {
  COUNTRY_CODE,
  ERROR_CODES,
  isValidOtp,
  isValidPhone,
  normalizePhoneInput,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  PHONE_LENGTH,
} from '@cue/contract';
import { Anchor, Button, Group, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DASHBOARD_PATH } from '../../app/guards';
import { useAppStyles } from '../../app/useAppStyles';
import { ApiError } from '../../lib/api';
import { formatPhone } from '../../lib/format';
import { message } from '../../lib/i18n';
import { errorText, toast } from '../../lib/notify';
import { NoAccountError, resendOtp, sendOtp, signInWithOtp } from './api';
import classes from './LoginPage.module.css';
import { preloadSignedInScreens } from './preload';
import { formatSeconds, useCountdown } from './useCountdown';

/** Answers after which the OTP request is spent: the person starts again from the phone number. */
const START_AGAIN = new Set<string>([
  ERROR_CODES.requestIdNotFound,
  ERROR_CODES.otpExpired,
  ERROR_CODES.otpTooManyAttempts,
  ERROR_CODES.otpAlreadyUsed,
  ERROR_CODES.invalidToken,
]);

interface PhoneLoginProps {
  onBack: () => void;
}

/** Phone sign-in: number, Send OTP, code, Login (spec sections 2, 4 and 5). */
export function PhoneLogin({ onBack }: PhoneLoginProps) {
  // Its inputs' styles are in the app's stylesheets, which the prerendered login page loads late.
  useAppStyles(true);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState('');
  const [reqId, setReqId] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState(false);
  const countdown = useCountdown(OTP_RESEND_SECONDS);
  const otpRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const otpLabelId = useId();
  const phoneHintId = useId();

  // While the code is typed, the dashboard's code loads.
  useEffect(() => {
    if (reqId) preloadSignedInScreens();
  }, [reqId]);

  const send = useMutation({
    mutationFn: () => sendOtp(phone),
    onSuccess: (id) => {
      setReqId(id);
      setOtp('');
      setOtpError(false);
      countdown.start();
      toast.success(message('otpSent'));
      window.setTimeout(() => otpRef.current?.focus(), 0);
    },
    onError: (err) => toast.error(errorText(err)),
  });

  const resend = useMutation({
    mutationFn: () => {
      if (!reqId) throw new ApiError(404, message('requestIdNotFound'), ERROR_CODES.requestIdNotFound);
      return resendOtp(reqId);
    },
    onSuccess: (id) => {
      setReqId(id);
      setOtp('');
      setOtpError(false);
      countdown.start();
      toast.success(message('otpResent'));
      otpRef.current?.focus();
    },
    onError: (err) => {
      toast.error(errorText(err));
      if (err instanceof ApiError && START_AGAIN.has(err.code)) changeNumber();
    },
  });

  const login = useMutation({
    mutationFn: () => {
      if (!reqId) throw new ApiError(404, message('requestIdNotFound'), ERROR_CODES.requestIdNotFound);
      return signInWithOtp(phone, reqId, otp);
    },
    onSuccess: () => {
      // Nothing cached from an earlier session may show in this one.
      queryClient.clear();
      navigate(DASHBOARD_PATH, { replace: true });
    },
    onError: (err) => {
      if (err instanceof NoAccountError) {
        toast.error(t('login.noAccount'));
        return;
      }
      toast.error(errorText(err));
      if (err instanceof ApiError && START_AGAIN.has(err.code)) {
        changeNumber();
        return;
      }
      setOtpError(true);
      setOtp('');
      otpRef.current?.focus();
    },
  });

  function changeNumber() {
    setReqId(null);
    setOtp('');
    setOtpError(false);
    countdown.reset();
    window.setTimeout(() => phoneRef.current?.focus(), 0);
  }

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    if (isValidPhone(phone) && !send.isPending) send.mutate();
  };

  const onLogin = (event: FormEvent) => {
    event.preventDefault();
    if (isValidOtp(otp) && !login.isPending) login.mutate();
  };

  const backButton = (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} aria-hidden className={classes.flipInRtl} />}
      onClick={onBack}
      className={classes.backButton}
    >
      {t('login.backToOptions')}
    </Button>
  );

  if (!reqId) {
    return (
      <Stack gap="lg">
        {backButton}
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2}>
            {t('login.phoneTitle')}
          </Title>
          <Text c="dimmed" mt={6} id={phoneHintId}>
            {t('login.phoneHint', { digits: OTP_LENGTH, code: COUNTRY_CODE })}
          </Text>
        </div>
        <form onSubmit={onSend} noValidate>
          <Stack gap="md">
            <TextInput
              ref={phoneRef}
              label={t('login.phoneLabel')}
              placeholder={t('login.phonePlaceholder')}
              value={phone}
              onChange={(event) => setPhone(normalizePhoneInput(event.currentTarget.value))}
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={PHONE_LENGTH}
              size="lg"
              data-autofocus
              autoFocus
              aria-describedby={phoneHintId}
              leftSection={
                <Text component="span" fw={600} c="dimmed" aria-hidden>
                  +{COUNTRY_CODE}
                </Text>
              }
              leftSectionWidth={60}
              classNames={{ section: classes.prefix, input: classes.ltrInput, wrapper: classes.ltrWrapper }}
            />
            <Button type="submit" size="lg" fullWidth disabled={!isValidPhone(phone)} loading={send.isPending}>
              {t('login.sendOtp')}
            </Button>
          </Stack>
        </form>
      </Stack>
    );
  }

  const counting = countdown.remaining > 0;
  return (
    <Stack gap="lg">
      {backButton}
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2}>
          {t('login.otpTitle')}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('login.otpSentTo', { digits: OTP_LENGTH })}{' '}
          <Text component="bdi" fw={600} c="var(--mantine-color-text)" dir="ltr">
            +{COUNTRY_CODE} {formatPhone(phone)}
          </Text>{' '}
          <Anchor component="button" type="button" fz="sm" fw={600} onClick={changeNumber}>
            {t('login.changeNumber')}
          </Anchor>
        </Text>
      </div>
      <form onSubmit={onLogin} noValidate>
        <Stack gap="md">
          <div>
            <Text component="div" id={otpLabelId} fw={500} fz="sm" mb={8}>
              {t('login.otpLabel')}
            </Text>
            <PinInput
              ref={otpRef}
              length={OTP_LENGTH}
              type="number"
              size="lg"
              value={otp}
              onChange={(value) => {
                setOtp(value);
                setOtpError(false);
              }}
              error={otpError}
              oneTimeCode
              aria-labelledby={otpLabelId}
              getInputProps={(index) => ({ 'aria-label': t('login.otpDigit', { index: index + 1, total: OTP_LENGTH }) })}
              className={classes.pin}
            />
          </div>
          <Button type="submit" size="lg" fullWidth disabled={!isValidOtp(otp)} loading={login.isPending}>
            {t('login.login')}
          </Button>
          <Group justify="center" gap={6}>
            <Text fz="sm" c="dimmed">
              {t('login.noCode')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconRefresh size={16} aria-hidden />}
              disabled={counting}
              loading={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {counting ? t('login.resendOtpIn', { time: formatSeconds(countdown.remaining) }) : t('login.resendOtp')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
