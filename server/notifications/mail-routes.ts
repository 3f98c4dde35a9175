// HTTP of members' mail's unsubscribe (issue 23, RFC 8058). The mail's List-Unsubscribe header
// names the POST, which a mail program sends with no page in between; the link in the mail's
// text opens the GET page, which asks first, since mail scanners open links: a GET changes
// nothing. The token in the path is a credential: never cached, never sent on as a referrer.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { askPage, donePage, invalidPage } from './mail-page.js';
import { unsubscribe, unsubscribeAddresses, unsubscriberOf } from './mail-unsubscribe.js';

const tags = ['notifications'];
const params = z.object({ token: z.string().max(200) });

function sendPage(reply: FastifyReply, status: 200 | 404, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);
}

export async function memberMailRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/mail/unsubscribe/:token',
    { schema: { tags, params, description: "A members' mail's stop link: a page that asks first (text/html); changes nothing." } },
    async (request, reply) => {
      const userId = await unsubscriberOf(ctx, request.params.token);
      return userId ? sendPage(reply, 200, askPage(unsubscribeAddresses(ctx, userId).oneClick)) : sendPage(reply, 404, invalidPage());
    },
  );

  await app.register(async (form) => {
    // RFC 8058's body, `List-Unsubscribe=One-Click`, says nothing the path does not: taken and left unread (here only).
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    form.withTypeProvider<ZodTypeProvider>().post(
      '/api/mail/unsubscribe/:token',
      { schema: { tags, params, description: "RFC 8058 one-click unsubscribe of members' mail: turns the person's notifications off (text/html)." } },
      async (request, reply) => ((await unsubscribe(ctx, request.params.token)) ? sendPage(reply, 200, donePage()) : sendPage(reply, 404, invalidPage())),
    );
  });
}
