import { CHAT_MESSAGES, ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

export function chatRoutes(route: Router, s: Services): void {
  route(ROUTES.chatList, async ({ auth, query }) => ({ result: await s.chat.list(auth, query) }));
  route(ROUTES.chatOpen, async ({ auth, body }) => {
    const { conversation, created } = await s.chat.open(auth, body);
    return { result: conversation, message: created ? CHAT_MESSAGES.conversationCreated : CHAT_MESSAGES.conversationSaved };
  });
  route(ROUTES.chatGet, async ({ auth, params }) => ({ result: await s.chat.get(auth, params.id) }));
  route(ROUTES.chatEdit, async ({ auth, params, body }) => ({
    result: await s.chat.edit(auth, params.id, body),
    message: CHAT_MESSAGES.conversationSaved,
  }));
  route(ROUTES.chatMessages, async ({ auth, params, query }) => ({ result: await s.chat.messages(auth, params.id, query) }));
  route(ROUTES.chatSend, async ({ auth, params, body }) => ({
    result: await s.chat.send(auth, params.id, body),
    message: CHAT_MESSAGES.sent,
  }));
  route(ROUTES.chatRead, async ({ auth, params, body }) => {
    await s.chat.read(auth, params.id, body.seq);
    return { result: true, message: CHAT_MESSAGES.read };
  });
  route(ROUTES.chatAttach, async ({ auth, params, req }) => ({
    result: await s.chat.attach(auth, params.id, await readUpload(req, ROUTES.chatAttach.upload)),
    message: CHAT_MESSAGES.attachmentAdded,
  }));
  route(ROUTES.chatMessageEdit, async ({ auth, params, body }) => ({
    result: await s.chat.editMessage(auth, params.id, body.body),
    message: CHAT_MESSAGES.edited,
  }));
  route(ROUTES.chatMessageDelete, async ({ auth, params }) => ({
    result: await s.chat.deleteMessage(auth, params.id),
    message: CHAT_MESSAGES.deleted,
  }));
  route(ROUTES.chatMessageReport, async ({ auth, params, body }) => {
    await s.chat.report(auth, params.id, body.reason);
    return { result: true, message: CHAT_MESSAGES.reported };
  });
  route(ROUTES.chatMessageTranslate, async ({ auth, params, query }) => ({
    result: await s.chat.translate(auth, params.id, query.language),
  }));
  route(ROUTES.chatUnread, async ({ auth }) => ({ result: await s.chat.unread(auth) }));
  route(ROUTES.chatSettings, async ({ auth }) => ({ result: await s.chat.settings(auth) }));
  route(ROUTES.chatSettingsSave, async ({ auth, body }) => ({
    result: await s.chat.saveSettings(auth, body),
    message: CHAT_MESSAGES.settingsSaved,
  }));
  route(ROUTES.chatAway, async ({ auth }) => ({ result: await s.chat.away(auth) }));
  route(ROUTES.chatAwaySave, async ({ auth, body }) => ({
    result: await s.chat.saveAway(auth, body),
    message: CHAT_MESSAGES.awaySaved,
  }));
  route(ROUTES.chatSafeguardingList, async ({ auth, query }) => ({ result: await s.chat.safeguardingList(auth, query) }));
  route(ROUTES.chatSafeguardingOpen, async ({ auth, params }) => ({ result: await s.chat.safeguardingOpen(auth, params.id) }));
  route(ROUTES.chatSafeguardingExport, async ({ auth, params, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="conversation.csv"')
      .send(`\uFEFF${await s.chat.exportCsv(auth, params.id)}`),
  );
  route(ROUTES.chatReports, async ({ auth, query }) => ({ result: await s.chat.reports(auth, query.state) }));
  route(ROUTES.chatReportResolve, async ({ auth, params }) => ({
    result: await s.chat.resolveReport(auth, params.id),
    message: CHAT_MESSAGES.reportResolved,
  }));
}
