import {
  type Communication,
  type CommunicationType,
  canManageCommunication,
  ddmmyyyyFromIso,
  isHttpUrl,
  type RolePermission,
} from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { html, type SafeHtml, trustedHtml } from '../../platform/email.js';
import { signMediaList } from '../../platform/media-urls.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { instantToZoned } from '../../platform/zoned.js';
import type { EmailValues } from '../email-templates/render.js';
import type { CommunicationRow } from './repo.js';

export interface CommunicationContext {
  timeZone: string;
  classes: { communicationId: string; id: string; name: string }[];
  creators: Map<string, { firstName: string; lastName: string }>;
  /** The caller's role permissions (empty for a parent). */
  held: ReadonlySet<RolePermission>;
  /** A parent's opened items; undefined for staff. */
  reads?: Set<string>;
}

/** Edit and delete: the creator, or holders of daily_communication.access_others_announcement (spec section 6). */
export const canManage = (scope: Scope, createdBy: string, held: ReadonlySet<RolePermission>): boolean =>
  canManageCommunication({ kind: scope.kind, userId: scope.userId }, createdBy, held);

/** An item as the contract's shape, with what the caller may do with it. */
export function presentCommunication(scope: Scope, r: CommunicationRow, ctx: CommunicationContext): Communication {
  const own = ctx.classes.filter((c) => c.communicationId === r.id);
  const creator = ctx.creators.get(r.createdBy);
  const when = r.scheduledFor ?? r.publishedAt;
  const zoned = when ? instantToZoned(when, ctx.timeZone) : null;
  const manage = canManage(scope, r.createdBy, ctx.held);
  return {
    _id: r.id,
    id: r.id,
    type: r.type as CommunicationType,
    title: r.title,
    summary: r.summary,
    share_with: r.shareWith === 'Classes' ? 'Classes' : 'Everyone',
    send_email: r.sendEmail,
    save_as_draft: r.status === 'draft',
    schedule_later: r.scheduledFor !== null,
    date: zoned?.date ?? null,
    time: zoned?.time ?? null,
    classes: own.map((c) => ({ id: c.id, class_name: c.name })),
    classes_ids: own.map((c) => c.id),
    announcement_media: signMediaList(r.media),
    file_link: isHttpUrl(r.fileLink) ? r.fileLink : null,
    due_date: r.dueDate ? ddmmyyyyFromIso(r.dueDate) : null,
    created_by: { id: r.createdBy, first_name: creator?.firstName ?? '', last_name: creator?.lastName ?? '' },
    created_at: r.createdAt.toISOString(),
    published_at: r.publishedAt?.toISOString() ?? null,
    status: r.status as Communication['status'],
    is_saved: true,
    is_published: r.status === 'published',
    can_edit: manage && r.status !== 'published',
    abilities: { can_edit: manage && r.status !== 'published', can_delete: manage },
    ...(ctx.reads ? { read: ctx.reads.has(r.id) } : {}),
  };
}

/**
 * The values of one family's email of a published item (EmailTemplateService escapes the text ones):
 * the summary is rich text sanitised again here (it may predate today's rules), else the title.
 */
export function emailValues(item: { title: string; summary: string | null }, firstName: string): EmailValues {
  const message: SafeHtml = item.summary ? trustedHtml(sanitizeRichText(item.summary)) : html`<p>${item.title}</p>`;
  return { first_name: firstName, title: item.title, message };
}
