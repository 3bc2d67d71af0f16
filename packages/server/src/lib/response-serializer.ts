import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `{anyOf: [{type: 'string'}, {type: 'null'}]}`, as zod writes `.nullable()`, becomes
 * `{type: ['string', 'null']}`: fast-json-stringify checks each `anyOf` branch at run time,
 * a type list it compiles to one `typeof`.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, simplifyNullable(v)]),
  ) as JsonSchema;
  const branches = schema.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (
      nullIndex !== -1 &&
      other &&
      typeof other.type === 'string' &&
      other.type !== 'object' &&
      other.type !== 'array'
    ) {
      const { anyOf: _anyOf, ...rest } = schema;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return schema;
}

/** The response schema as JSON Schema, or null when zod cannot express it (transforms). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    return simplifyNullable(
      z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }),
    ) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * Responses are written by fast-json-stringify compiled from the same shared zod schemas:
 * only the declared fields go out (`additionalProperties: false`) and a missing required
 * field is an error, as with zod's serializer, without checking every field of every row on
 * each request (zod's parse was a large share of the read routes' time, docs/performance.md).
 * Types are already checked where the data is shaped, by TypeScript against the same schemas.
 * A schema zod cannot express as JSON Schema keeps zod's serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const json = responseJsonSchema(route.schema);
  return json ? (fastJson(json) as (data: unknown) => string) : zodSerializerCompiler(route);
};
