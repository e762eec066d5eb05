import { ROUTES } from '@cue/contract';
import { openApiDocument, openApiReferencePage } from './openapi.js';
import type { Router } from './route.js';

const INFO = {
  title: 'Cue',
  version: '0.1.0',
  description:
    'The API of Cue, for early-years schools. Dates travel as DD-MM-YYYY and times as hh:mm A; a refusal carries a message and a code.',
};

/** `/api/openapi.json` and its reference page `/api/docs`, made once from the route table. */
export function openApiRoutes(route: Router): void {
  let json: string | null = null;
  let page: string | null = null;
  const document = () => {
    json ??= JSON.stringify(openApiDocument(ROUTES, INFO));
    return json;
  };
  route(ROUTES.openApi, async ({ reply }) => reply.header('Content-Type', 'application/json; charset=utf-8').send(document()));
  route(ROUTES.apiDocs, async ({ reply }) => {
    page ??= openApiReferencePage(JSON.parse(document()));
    return (
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        // The page's own stylesheet is inline; it runs no script.
        .header(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
        )
        .send(page)
    );
  });
}
