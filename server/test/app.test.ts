// The test app's own promise: a test that listened ends at once, even with a request still in
// flight as it closes. That request's connection, kept alive, once held the close for Fastify's
// 72 s, past the hook's 30 s (a storyteller screen's refetch as the screen was unmounted).
import { Agent, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { makeTestApp, TEST_ORIGIN } from './app';

describe('makeTestApp', () => {
  it('closes within seconds when a request on a kept-alive connection is answered after the close began', async () => {
    const t = await makeTestApp('sqlite');
    const origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const agent = new Agent({ keepAlive: true });
    const body = JSON.stringify({ email: 'nobody@example.org', password: 'not the password' });
    const started = Date.now();
    let closed: Promise<void> | undefined;
    const answer = await new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
      const sent = httpRequest(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: TEST_ORIGIN },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode, connection: response.headers.connection }));
        },
      );
      sent.on('error', reject);
      // Half the body, so the request is in flight; once the server has it, the close begins and
      // then the rest of the body goes.
      t.app.server.once('request', () =>
        setImmediate(() => {
          closed = t.close();
          sent.end(body.slice(10));
        }),
      );
      sent.write(body.slice(0, 10));
    });
    await closed;
    agent.destroy();
    // Answered in full (these made-up details are refused), on a connection kept alive.
    expect(answer).toEqual({ status: 401, connection: 'keep-alive' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
