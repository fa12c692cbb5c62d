import type { Knex } from 'knex';
import { resourceTitle } from '../../resources/labels.ts';
import { todoQuestions, type TodoItem, type TodoSection } from '../../resources/todo.ts';
import { SIGNUP_COLUMNS, type ResourceDef } from '../../resources/types.ts';
import type { Lang } from '../../shared/i18n/langs.ts';
import { localizedText } from '../../shared/localized.ts';
import type { TFunction } from 'i18next';
import { signupTallies } from './activity/signups.ts';

/** Rows named per section; the count says how many there are in all. */
const SHOWN = 5;

/** The column a row is named by in a list of things to do. */
function labelColumn(def: ResourceDef): string {
  return def.fields.find((f) => f.name === 'title' || f.name === 'name')?.name ?? def.pk;
}

/**
 * The dashboard's "needs doing" (src/resources/todo.ts) for the resources the admin may list (`canList`):
 * per declared question, how many rows answer it and the first of them, at `at` (Unix seconds).
 */
export async function needsDoing(knex: Knex, defs: readonly ResourceDef[], canList: (def: ResourceDef) => boolean, at: number, lang: Lang, t: TFunction): Promise<TodoSection[]> {
  const sections: TodoSection[] = [];
  for (const def of defs) {
    if (!canList(def)) continue;
    for (const question of todoQuestions(def)) {
      const rows = knex(def.table);
      let time = question.field;
      if (question.kind === 'waiting') {
        rows.where(question.field, question.value);
        // The longest waiting first: by when the row was made.
        time = def.fields.some((f) => f.name === 'create_time') ? 'create_time' : def.pk;
      } else {
        rows.where(question.field, '>', at).where(question.field, '<=', at + question.days * 86400);
        if (question.where) rows.where(question.where.field, question.where.value);
      }
      const [{ n } = { n: 0 }] = (await rows.clone().count({ n: '*' })) as { n: number | string }[];
      const total = Number(n);
      if (total === 0) continue;
      const label = labelColumn(def);
      const localized = def.fields.find((f) => f.name === label)?.localized;
      // Coming rows that take sign-ups say how full they are.
      const signups = question.kind === 'upcoming' && def.signup;
      const columns = [def.pk, label, ...(localized ? [`${label}_en`] : []), time, ...(signups ? [SIGNUP_COLUMNS.capacity] : [])];
      const first = (await rows.orderBy(time).orderBy(def.pk).limit(SHOWN).select(columns)) as Record<string, unknown>[];
      const tallies = signups ? await signupTallies(knex, def.name, first.map((row) => Number(row[def.pk]))) : null;
      sections.push({
        name: def.name,
        kind: question.kind,
        title: resourceTitle(def, lang, t),
        days: question.kind === 'waiting' ? null : question.days,
        total,
        items: first.map((row): TodoItem => {
          const id = Number(row[def.pk]);
          const item: TodoItem = { id, label: localizedText(row, label, lang).text, time: Number(row[time]) };
          if (tallies) item.signups = { confirmed: 0, waitlisted: 0, ...tallies.get(id), places: Number(row[SIGNUP_COLUMNS.capacity]) || 0 };
          return item;
        }),
      });
    }
  }
  return sections;
}
