import { ActionIcon, Alert, Box, Loader, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCamera } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Which codes the camera looks for: a book's or a copy's barcode, a family's QR code, or either. */
export type ScanFormats = 'barcode' | 'qr' | 'any';

/** The one-dimensional symbologies library labels and ISBNs use (names as the native BarcodeDetector spells them). */
const LINEAR = ['code_128', 'code_39', 'code_93', 'codabar', 'ean_13', 'ean_8', 'itf', 'upc_a', 'upc_e'] as const;
const QR = ['qr_code'] as const;

/** The native detector's format names for a choice of formats. */
export const detectorFormats = (formats: ScanFormats): string[] =>
  formats === 'barcode' ? [...LINEAR] : formats === 'qr' ? [...QR] : [...LINEAR, ...QR];

/**
 * What a scan says once the scanner's framing is taken off: USB scanners end a code with Enter (some
 * with a carriage return or a line feed kept in the value), GS1 codes carry group separators, and a
 * camera reads may include spaces around it. Inner spaces are kept (a typed title search may have them).
 */
export const cleanScan = (raw: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: scanners put control characters in the value
  raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();

export type ScanKeyAction = { kind: 'scan'; text: string } | { kind: 'clear' } | null;

/**
 * What a key pressed in the field does: Enter (the main one or the keypad's, which is what a USB
 * scanner sends after the code) hands over the code when there is one, Escape empties the field,
 * anything else is typing. An IME composing a word (Arabic, Hebrew keyboards on phones) never scans.
 */
export function scanKeyAction(key: string, value: string, composing = false): ScanKeyAction {
  if (composing) return null;
  if (key === 'Enter' || key === 'NumpadEnter') {
    const text = cleanScan(value);
    return text ? { kind: 'scan', text } : null;
  }
  if (key === 'Escape' && value !== '') return { kind: 'clear' };
  return null;
}

interface ScanFieldProps {
  label: ReactNode;
  placeholder?: string;
  /** A code read (typed and Enter, a USB scanner, or the camera), without its framing. */
  onScan: (text: string) => void;
  autoFocus?: boolean;
  disabled?: boolean;
  formats?: ScanFormats;
  /**
   * The page's i18n namespace, which holds the camera's words: `scan.camera` (the button and the
   * dialog's title), `scan.cameraHint`, `scan.cameraFailed` and `scan.starting` (list them in the
   * namespace's catalog test with `keysInComponent('ScanField.tsx')`).
   */
  ns: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  description?: ReactNode;
  /** The field's test id (the camera button's is `<testId>-camera`). */
  testId?: string;
}

/**
 * A field for codes: a USB scanner types into it and presses Enter, a person types and presses Enter,
 * or the camera button opens a dialog that reads a barcode or QR code from the device's camera (the
 * browser's own BarcodeDetector when it knows the formats, else ZXing, both on the device: no network).
 * After each code the field empties and keeps the focus, so the next book can be scanned at once.
 */
export function ScanField({
  label,
  placeholder,
  onScan,
  autoFocus,
  disabled,
  formats = 'any',
  ns,
  size,
  description,
  testId,
}: ScanFieldProps) {
  const { t } = useTranslation(ns);
  const [value, setValue] = useState('');
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = scanKeyAction(event.key, event.currentTarget.value, event.nativeEvent.isComposing);
    if (!action) return;
    // Enter inside a form would submit it: the scan is the field's own action.
    event.preventDefault();
    setValue('');
    if (action.kind === 'scan') onScan(action.text);
  };

  return (
    <>
      <TextInput
        ref={input}
        label={label}
        description={description}
        placeholder={placeholder}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoFocus={autoFocus}
        disabled={disabled}
        size={size}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="go"
        data-testid={testId}
        rightSectionWidth={size === 'xl' || size === 'lg' ? 52 : 40}
        rightSection={
          <Tooltip label={t('scan.camera')}>
            <ActionIcon
              variant="subtle"
              size={size === 'xl' || size === 'lg' ? 'lg' : 'md'}
              aria-label={t('scan.camera')}
              onClick={() => setCamera(true)}
              disabled={disabled}
              data-testid={testId ? `${testId}-camera` : undefined}
            >
              <IconCamera size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        }
      />
      <CameraModal
        opened={camera}
        formats={formats}
        ns={ns}
        onClose={() => {
          setCamera(false);
          input.current?.focus();
        }}
        onRead={(text) => {
          setCamera(false);
          onScan(text);
          input.current?.focus();
        }}
      />
    </>
  );
}

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** A running camera: stop() turns it off (the light beside the lens goes out). */
interface Running {
  stop(): void;
}

/** Reads with the browser's BarcodeDetector when it knows every format asked for; null when it cannot. */
async function startNative(video: HTMLVideoElement, wanted: string[], onRead: (text: string) => void): Promise<Running | null> {
  if (!('BarcodeDetector' in window)) return null;
  const Detector = (window as unknown as { BarcodeDetector: NativeDetectorClass }).BarcodeDetector;
  const supported = new Set(await Detector.getSupportedFormats().catch(() => [] as string[]));
  const formats = wanted.filter((f) => supported.has(f));
  // A detector without QR (or without the linear codes) would miss what is asked: ZXing reads them all.
  if (!formats.length || (wanted.includes('qr_code') && !supported.has('qr_code'))) return null;
  const detector = new Detector({ formats });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  video.srcObject = stream;
  await video.play().catch(() => undefined);
  let stopped = false;
  let timer = 0;
  const tick = async () => {
    if (stopped) return;
    try {
      const [found] = await detector.detect(video);
      const text = found ? cleanScan(found.rawValue) : '';
      if (text && !stopped) {
        onRead(text);
        return;
      }
    } catch {
      // A frame not ready yet: try the next one.
    }
    if (!stopped) timer = window.setTimeout(tick, 150);
  };
  timer = window.setTimeout(tick, 150);
  return {
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}

/** Reads with ZXing (loaded on first use: most pages never open the camera). */
async function startZxing(video: HTMLVideoElement, formats: ScanFormats, onRead: (text: string) => void): Promise<Running> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const linear = [
    BarcodeFormat.CODE_128,
    BarcodeFormat.CODE_39,
    BarcodeFormat.CODE_93,
    BarcodeFormat.CODABAR,
    BarcodeFormat.EAN_13,
    BarcodeFormat.EAN_8,
    BarcodeFormat.ITF,
    BarcodeFormat.UPC_A,
    BarcodeFormat.UPC_E,
  ];
  const possible =
    formats === 'barcode' ? linear : formats === 'qr' ? [BarcodeFormat.QR_CODE] : [...linear, BarcodeFormat.QR_CODE];
  const hints = new Map<number, unknown>([[DecodeHintType.POSSIBLE_FORMATS, possible]]);
  const reader = new BrowserMultiFormatReader(hints as never);
  let done = false;
  const controls = await reader.decodeFromConstraints(
    { video: { facingMode: { ideal: 'environment' } }, audio: false },
    video,
    (result) => {
      if (!result || done) return;
      const text = cleanScan(result.getText());
      if (!text) return;
      done = true;
      onRead(text);
    },
  );
  return {
    stop() {
      done = true;
      controls.stop();
    },
  };
}

function CameraModal({
  opened,
  formats,
  ns,
  onClose,
  onRead,
}: {
  opened: boolean;
  formats: ScanFormats;
  ns: string;
  onClose: () => void;
  onRead: (text: string) => void;
}) {
  const { t } = useTranslation(ns);
  const { t: tc } = useTranslation();
  const video = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<'starting' | 'reading' | 'failed'>('starting');
  // The latest handler, so a new render does not restart the camera.
  const read = useRef(onRead);
  read.current = onRead;

  useEffect(() => {
    if (!opened) return;
    let running: Running | null = null;
    let closed = false;
    setState('starting');
    const handle = (text: string) => {
      running?.stop();
      running = null;
      read.current(text);
    };
    (async () => {
      // The modal's video element appears after its opening transition has mounted it.
      for (let i = 0; i < 20 && !video.current; i++) await new Promise((r) => setTimeout(r, 25));
      const el = video.current;
      if (!el || closed) return;
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      const started = (await startNative(el, detectorFormats(formats), handle)) ?? (await startZxing(el, formats, handle));
      if (closed) started.stop();
      else {
        running = started;
        setState('reading');
      }
    })().catch(() => {
      if (!closed) setState('failed');
    });
    return () => {
      closed = true;
      running?.stop();
      running = null;
    };
  }, [opened, formats]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('scan.camera')}
      centered
      closeButtonProps={{ 'aria-label': tc('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="sm">
        {state === 'failed' ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
            {t('scan.cameraFailed')}
          </Alert>
        ) : (
          <>
            <Box
              pos="relative"
              bg="dark.8"
              style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '4 / 3' }}
            >
              <video
                ref={video}
                muted
                playsInline
                aria-label={t('scan.camera')}
                style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {state === 'starting' && (
                <Stack pos="absolute" inset={0} align="center" justify="center" gap="xs">
                  <Loader color="white" size="sm" aria-hidden />
                  <Text c="white" size="sm">
                    {t('scan.starting')}
                  </Text>
                </Stack>
              )}
            </Box>
            <Text size="sm" c="dimmed">
              {t('scan.cameraHint')}
            </Text>
          </>
        )}
      </Stack>
    </Modal>
  );
}
