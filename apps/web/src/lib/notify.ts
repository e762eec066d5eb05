import { notifications } from '@mantine/notifications';
import { ApiError, NETWORK_ERROR } from './api';
import { translateError } from './errors';
import i18n from './i18n';

type Kind = 'success' | 'error' | 'info';

const colors: Record<Kind, string> = { success: 'teal', error: 'red', info: 'cue' };

function show(kind: Kind, text: string, title?: string): void {
  notifications.show({
    color: colors[kind],
    title,
    message: text,
    autoClose: kind === 'error' ? 6000 : 4000,
    withBorder: true,
    // Mantine's close button has no name of its own: assistive technology would announce "button".
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    // Under a title Mantine dims the text below the 4.5:1 contrast: it keeps the page's text colour.
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}

export const toast = {
  success: (text: string, title?: string) => show('success', text, title),
  error: (text: string, title?: string) => show('error', text, title),
  info: (text: string, title?: string) => show('info', text, title),
};

/** Removes every toast shown or waiting: what was said before a sign-in does not follow the person into the app. */
export function clearToasts(): void {
  notifications.clean();
}

/** What to tell a person about a failed call, in their language: by the refusal's code (lib/errors.ts). */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === NETWORK_ERROR) return i18n.t('errors.network');
    return translateError(err);
  }
  return i18n.t('errors.generic');
}
