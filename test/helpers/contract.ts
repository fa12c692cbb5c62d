import type { ExecutionContext } from 'ava';
import type { ApiResult } from './server.ts';

/**
 * A response shape as the BuildAdmin reference describes it: a type name (`'number'`, `'string|null'`,
 * `'array'`, `'object'`, `'any'`), an object whose keys are exactly the fields (a key ending in `?` may be
 * absent), `[shape]` for an array whose every element has that shape, or `nullable(shape)`.
 */
export type Shape = string | readonly [Shape] | Nullable | { readonly [key: string]: Shape };

const NULLABLE = Symbol('nullable');
interface Nullable {
  readonly [NULLABLE]: Shape;
}

/** A shape or null: a joined record that may be missing. */
export function nullable(shape: Shape): Nullable {
  return { [NULLABLE]: shape };
}

/** The type name of a JSON value, as shapes name it. */
export function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Where `value` differs from `shape`, one line per difference; `where` names the place. */
export function shapeProblems(value: unknown, shape: Shape, where: string): string[] {
  if (typeof shape === 'string') {
    return shape === 'any' || shape.split('|').includes(typeOf(value)) ? [] : [`${where}: ${shape} expected, got ${typeOf(value)}`];
  }
  if (NULLABLE in shape) return value === null ? [] : shapeProblems(value, shape[NULLABLE], where);
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${where}: an array expected, got ${typeOf(value)}`];
    return value.flatMap((item, i) => shapeProblems(item, shape[0] as Shape, `${where}[${i}]`));
  }
  if (typeOf(value) !== 'object') return [`${where}: an object expected, got ${typeOf(value)}`];
  const row = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [spec, inner] of Object.entries(shape as Record<string, Shape>)) {
    const key = spec.replace(/\?$/, '');
    if (key in row) problems.push(...shapeProblems(row[key], inner, `${where}.${key}`));
    else if (!spec.endsWith('?')) problems.push(`${where}.${key}: missing`);
  }
  const known = new Set(Object.keys(shape).map((k) => k.replace(/\?$/, '')));
  for (const key of Object.keys(row)) if (!known.has(key)) problems.push(`${where}.${key}: not in the reference`);
  return problems;
}

/** Asserts that `value` has `shape`, field by field, listing every difference at once. */
export function matchShape(t: ExecutionContext, value: unknown, shape: Shape, where: string): void {
  const problems = shapeProblems(value, shape, where);
  // One line per distinct difference: a list of a hundred rows repeats the same one.
  t.deepEqual([...new Set(problems.map((p) => p.replace(/\[\d+\]/g, '[]')))], [], where);
}

/**
 * Fields we send beside the reference's (the `_en` siblings of bilingual names, richer answers). Kept apart
 * in the shapes so every difference from the reference is named where it is allowed.
 */
export function ours<S extends Record<string, Shape>>(fields: S): S {
  return fields;
}

/** The envelope of every answer (reference 0, member 1.1): HTTP 200, exactly `{code, msg, time, data}`. */
export function matchEnvelope(t: ExecutionContext, res: ApiResult, code: number, where: string): void {
  t.is(res.status, 200, `${where}: HTTP status`);
  t.deepEqual(Object.keys(res.body).sort(), ['code', 'data', 'msg', 'time'], `${where}: envelope fields`);
  t.is(res.body.code, code, `${where}: code (msg "${res.body.msg}")`);
  t.is(typeof res.body.msg, 'string', `${where}: msg`);
  t.true(Number.isInteger(res.body.time) && Math.abs(res.body.time - Date.now() / 1000) < 60, `${where}: time in Unix seconds`);
}
