import { defineEndpoints, NoInput, visitorRoute } from '@meridian/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTranslator } from '../i18n/translator.js';
import { installAuth } from './auth.js';
import { registerErrorHandling } from './error-handler.js';
import { defineRoute, installRoutes } from './route.js';

const Answer = z.object({ price: z.string().regex(/^\d+\.\d+$/) });
const Echo = z.object({ n: z.coerce.number<number>().int().positive() });
const routes = {
  drift: visitorRoute<typeof NoInput, typeof Answer>('GET', '/test/drift'),
  echo: visitorRoute<typeof Echo, typeof Answer>('GET', '/test/echo/:n'),
};
const table = defineEndpoints('test', routes, {
  drift: { request: NoInput, response: Answer, errors: [], summary: 'answers the wrong shape' },
  echo: { request: Echo, response: Answer, errors: [], summary: 'echoes a path parameter' },
});

async function appWith(validateResponses: boolean) {
  const app = Fastify({ logger: false });
  const translator = createTranslator();
  installAuth(app, undefined);
  installRoutes(app, validateResponses);
  registerErrorHandling(app, translator);
  // A number where the contract says a decimal string: the kind of drift that breaks the app.
  defineRoute({ app, translator }, table.drift, () => ({ price: 1.5 }) as unknown as z.output<typeof Answer>);
  defineRoute({ app, translator }, table.echo, ({ input }) => ({ price: `${input.n}.0` }));
  await app.ready();
  return app;
}

describe('defineRoute', () => {
  it('fails a response that drifts from its schema when responses are checked (tests, development)', async () => {
    const app = await appWith(true);
    const res = await app.inject({ method: 'GET', url: '/test/drift' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 1500 });
    await app.close();
  });

  it('sends it unchecked in production', async () => {
    const app = await appWith(false);
    const res = await app.inject({ method: 'GET', url: '/test/drift' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, data: { price: 1.5 } });
    await app.close();
  });

  it('parses path parameters with the request schema, and refuses bad ones in the envelope', async () => {
    const app = await appWith(true);
    const ok = await app.inject({ method: 'GET', url: '/test/echo/7?t=123' });
    expect(ok.json()).toMatchObject({ code: 1, data: { price: '7.0' } });
    const bad = await app.inject({ method: 'GET', url: '/test/echo/-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1001 });
    await app.close();
  });
});
