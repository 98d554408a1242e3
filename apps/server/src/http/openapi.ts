import {
  ADMIN_TOKEN_HEADER,
  commonErrors,
  type Endpoint,
  ERRORS,
  type ErrorKey,
  LANGUAGES,
  STAFF_TOKEN_HEADER,
} from '@meridian/contract';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of the REST API, generated from the contract's endpoint table: every
 * call with its parameters (query, form body, multipart, path), the envelope, its success data
 * schema and the catalogue errors it may answer with. zod 4 writes JSON Schema 2020-12, which is
 * what OpenAPI 3.1 uses, so no converter library stands in between.
 */

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, unknown>;
  tags: { name: string }[];
}

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** `/api/admin/uploads/:key` → `/api/admin/uploads/{key}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
}

const ENVELOPE_DESCRIPTION =
  'Every answer is the envelope {code, msg, data}: code 1 is success; msg is translated into the `lang` header.';

/** The error keys of one call grouped by HTTP status, for the responses section. */
function errorResponses(endpoint: Endpoint): Record<string, unknown> {
  const keys = [...new Set<ErrorKey>([...endpoint.errors, ...commonErrors(endpoint.route.auth)])];
  const byStatus = new Map<number, ErrorKey[]>();
  for (const key of keys) {
    const status = ERRORS[key].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: list.map((k) => `${k} (code ${ERRORS[k].code})`).join(', '),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ErrorEnvelope' },
              { properties: { code: { enum: list.map((k) => ERRORS[k].code) } } },
            ],
          },
        },
      },
      'x-error-keys': list,
    };
  }
  return out;
}

function security(endpoint: Endpoint): Record<string, string[]>[] {
  switch (endpoint.route.auth) {
    case 'user':
    case 'real':
      return [{ session: [] }];
    case 'staff':
      return endpoint.route.automation
        ? [{ staffSession: [] }, { automationToken: [] }]
        : [{ staffSession: [] }];
    default:
      return [];
  }
}

function operation(endpoint: Endpoint): Record<string, unknown> {
  const { route } = endpoint;
  const input = toSchema(endpoint.request, 'input');
  const names = pathParams(route.path);
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const parameters: Record<string, unknown>[] = [{ $ref: '#/components/parameters/lang' }];
  for (const name of names) {
    parameters.push({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } });
  }
  const op: Record<string, unknown> = {
    operationId: endpoint.id,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: `Auth: ${route.auth}. ${ENVELOPE_DESCRIPTION}`,
    security: security(endpoint),
    parameters,
  };
  if (route.encoding === 'query') {
    for (const [name, schema] of Object.entries(properties)) {
      if (names.includes(name)) continue;
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
    parameters.push({ $ref: '#/components/parameters/t' });
  } else if (route.encoding === 'form') {
    const body = { ...input };
    op.requestBody = {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: body },
        'application/json': { schema: body },
      },
    };
  } else {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary' } },
          },
        },
      },
    };
  }
  const success =
    route.answer === 'binary'
      ? {
          description: 'The picture bytes.',
          content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
        }
      : {
          description: 'Success (code 1).',
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/Envelope' },
                  { properties: { code: { const: 1 }, data: toSchema(endpoint.response, 'output') } },
                ],
              },
            },
          },
        };
  op.responses = { '200': success, ...errorResponses(endpoint) };
  return op;
}

export function buildOpenApi(endpoints: readonly Endpoint[], version: string): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.route.path);
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[endpoint.route.method.toLowerCase()] = operation(endpoint);
    tags.add(endpoint.tag);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Meridian API',
      version,
      description: [
        'The REST API of Meridian, generated from the endpoint table in packages/contract.',
        ENVELOPE_DESCRIPTION,
        'Code 999 means the session is missing or expired. The HTTP status tells the class of a failure.',
        'The live socket (/v1/ws) is described in the README; its messages are zod schemas in packages/contract.',
      ].join('\n\n'),
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description: 'The session token from login (a "Bearer " prefix is optional).',
        },
        staffSession: {
          type: 'apiKey',
          in: 'header',
          name: STAFF_TOKEN_HEADER,
          description: 'A back-office session token from /api/staff/login (or /api/staff/setup).',
        },
        automationToken: {
          type: 'apiKey',
          in: 'header',
          name: ADMIN_TOKEN_HEADER,
          description: 'The scoped automation token (ADMIN_TOKEN), accepted by the review queues only.',
        },
      },
      parameters: {
        lang: {
          name: 'lang',
          in: 'header',
          required: false,
          description: 'The language of `msg`.',
          schema: { type: 'string', enum: [...LANGUAGES] },
        },
        t: {
          name: 't',
          in: 'query',
          required: false,
          description: 'A timestamp clients add to GET calls so no cache answers them; ignored.',
          schema: { type: 'string' },
        },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: {} },
        },
        ErrorEnvelope: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          properties: {
            code: { type: 'integer' },
            msg: { type: 'string', description: 'The translated message of the error key.' },
            data: { description: 'null, or for validation_failed the list of {field, message}.' },
          },
        },
      },
    },
  };
}
