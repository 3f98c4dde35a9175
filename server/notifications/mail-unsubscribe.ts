// The one-click unsubscribe of members' mail (issue 23, RFC 8058): the person the signed link
// names turns their notifications off (the profile's setting, DESIGN "Notifications"), through
// users/, its one writer.
import { appAddress } from '../config.js';
import { iso, type AppContext } from '../context.js';
import * as users from '../users/index.js';
import { recipientOf } from './mail-queries.js';
import { unsubscribeToken, userOfUnsubscribeToken } from './mail-token.js';

/** The user a link is for, while their account exists; null for any other link. */
export async function unsubscriberOf(ctx: AppContext, token: string): Promise<string | null> {
  const userId = userOfUnsubscribeToken(ctx.config.sessionSecret, token);
  return userId && (await recipientOf(ctx.db, userId)) ? userId : null;
}

/** Answers whether the link was good (and notifications are now off). */
export async function unsubscribe(ctx: AppContext, token: string): Promise<boolean> {
  const userId = await unsubscriberOf(ctx, token);
  if (userId) await users.turnNotificationsOff(ctx.db, userId, iso(ctx.now()));
  return userId !== null;
}

/** An address of the web app: PUBLIC_URL may carry a path of its own. */

/** A person's stop link (the page that asks) and their one-click address (RFC 8058's POST). */
export function unsubscribeAddresses(ctx: Pick<AppContext, 'config'>, userId: string): { page: string; oneClick: string } {
  const token = unsubscribeToken(ctx.config.sessionSecret, userId);
  return { page: appAddress(ctx.config.publicUrl, `mail/unsubscribe/${token}`), oneClick: appAddress(ctx.config.publicUrl, `api/mail/unsubscribe/${token}`) };
}
