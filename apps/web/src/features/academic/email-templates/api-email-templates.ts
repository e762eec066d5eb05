import { type EmailPreview, type EmailTemplate, type EmailTemplateKey, type Language, ROUTES } from '@cue/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResult } from '../../../lib/api';
import { auditKeys } from '../components/AuditHistory';

export type { EmailPreview, EmailTemplate };

export interface Draft {
  subject: string;
  body: string;
}

const staff = { side: 'staff' } as const;

export const emailTemplateKeys = {
  all: ['academic', 'email-templates'] as const,
  list: ['academic', 'email-templates', 'list'] as const,
  one: (key: EmailTemplateKey, language: Language) => ['academic', 'email-templates', 'one', key, language] as const,
  preview: (key: EmailTemplateKey, language: Language, draft: Draft | null) =>
    ['academic', 'email-templates', 'preview', key, language, draft] as const,
};

export function useEmailTemplates() {
  return useQuery({
    queryKey: emailTemplateKeys.list,
    queryFn: ({ signal }) => apiResult(ROUTES.emailTemplateList, { ...staff, signal }),
  });
}

export function useEmailTemplate(key: EmailTemplateKey, language: Language) {
  return useQuery({
    queryKey: emailTemplateKeys.one(key, language),
    queryFn: ({ signal }) => apiResult(ROUTES.emailTemplateGet, { ...staff, signal, params: { key, language } }),
  });
}

/** The email as it would be sent with the sample values: of the draft, or of the saved template when null. */
export function useEmailPreview(key: EmailTemplateKey, language: Language, draft: Draft | null, enabled: boolean) {
  return useQuery({
    queryKey: emailTemplateKeys.preview(key, language, draft),
    queryFn: ({ signal }) =>
      apiResult(ROUTES.emailTemplatePreview, {
        ...staff,
        signal,
        params: { key, language },
        body: draft ?? {},
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Save and reset answer the template as it now is: the page shows it at once, and the list and history refresh. */
function useSettle(key: EmailTemplateKey, language: Language) {
  const client = useQueryClient();
  return (template: EmailTemplate) => {
    client.setQueryData(emailTemplateKeys.one(key, language), template);
    void client.invalidateQueries({ queryKey: emailTemplateKeys.list });
    void client.invalidateQueries({ queryKey: auditKeys('email_template') });
    void client.invalidateQueries({ queryKey: auditKeys('email_template', `${key}:${language}`) });
  };
}

export function useSaveEmailTemplate(key: EmailTemplateKey, language: Language) {
  const settle = useSettle(key, language);
  return useMutation({
    mutationFn: (draft: Draft) => apiRequest(ROUTES.emailTemplateUpdate, { ...staff, params: { key, language }, body: draft }),
    onSuccess: (answer) => settle(answer.result),
  });
}

export function useResetEmailTemplate(key: EmailTemplateKey, language: Language) {
  const settle = useSettle(key, language);
  return useMutation({
    mutationFn: () => apiRequest(ROUTES.emailTemplateReset, { ...staff, params: { key, language } }),
    onSuccess: (answer) => settle(answer.result),
  });
}

export function useSendTestEmail(key: EmailTemplateKey, language: Language) {
  return useMutation({
    mutationFn: (draft: Draft) => apiRequest(ROUTES.emailTemplateTest, { ...staff, params: { key, language }, body: draft }),
  });
}
