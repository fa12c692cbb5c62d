import type { Row } from './crud/call.ts';
import { Refusal } from '../errors.ts';

/** `ids` of a batch action: an array, an object of indexed entries (form encoding) or a comma list. */
export function idsOf(input: Record<string, unknown>): string[] {
  const raw = input.ids;
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : String(raw ?? '').split(',');
  const ids = list.map((v) => String(v).trim()).filter((v) => /^\d+$/.test(v));
  if (ids.length === 0) throw new Refusal('crud:parameterError');
  return ids;
}

/** The entries of a posted list of objects, whatever the encoding (JSON array or indexed form fields). */
export function objectsOf(raw: unknown): Row[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  return list.filter((v): v is Row => !!v && typeof v === 'object' && !Array.isArray(v));
}
