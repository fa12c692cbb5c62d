import type { Knex } from 'knex';

export interface AreaOption {
  value: number;
  label: string;
}

/** Positive integer ids only; anything else means the parameter was not given. */
function idOf(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * The cascading area picker (reference member-and-common-api 6.4): no parameter gives the provinces, a
 * province its cities, a province and a city the districts of that city.
 */
export async function areaOptions(knex: Knex, input: Record<string, unknown>): Promise<AreaOption[]> {
  const province = idOf(input.province);
  const city = idOf(input.city);
  const query = knex('area').select<{ id: number; name: string }[]>('id', 'name').orderBy('id');
  if (province !== null && city !== null) query.where({ pid: city, level: 3 });
  else if (province !== null) query.where({ pid: province, level: 2 });
  else query.where({ pid: 0, level: 1 });
  return (await query).map((r) => ({ value: Number(r.id), label: r.name }));
}
