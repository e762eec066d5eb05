import { ROUTES } from '@cue/contract';
import type { FastifyReply } from 'fastify';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

const sendCsv = (reply: FastifyReply, file: { filename: string; csv: string }) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(`\uFEFF${file.csv}`);

export function reportRoutes(route: Router, s: Services): void {
  route(ROUTES.reportClassList, async ({ auth, params, reply }) => sendCsv(reply, await s.reports.classList(auth, params.id)));
  route(ROUTES.reportContacts, async ({ auth, reply }) => sendCsv(reply, await s.reports.contacts(auth)));
}
