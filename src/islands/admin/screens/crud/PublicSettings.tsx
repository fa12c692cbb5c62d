import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_DESIGN_TYPES, TIME_DESIGN_TYPES, hasSignupFields } from '../../../../resources/generator/capabilities.ts';
import type { DesignType } from '../../../../resources/generator/designTypes.ts';
import type { DesignerSearch, DesignerSignup } from './designModel.ts';
import { SettingsCard, type TableSettingsProps } from './TableSettings.tsx';

/** A labelled select of field names, with an empty choice first when `none` names it. */
function FieldSelect(props: { id: string; option: string; label: string; value: string; names: readonly string[]; none?: string; disabled?: boolean; onChange(value: string): void }) {
  return (
    <div className="col-sm-6 col-lg-3">
      <label className="form-label small" htmlFor={props.id}>
        {props.label}
      </label>
      <select id={props.id} className="form-select form-select-sm" data-table-option={props.option} value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(e.target.value)}>
        {props.none !== undefined && <option value="">{props.none}</option>}
        {props.value && !props.names.includes(props.value) && <option value={props.value}>{props.value}</option>}
        {props.names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A capability's switch, with why it cannot be turned on when it cannot. */
function CapabilitySwitch(props: { id: string; option: string; label: string; checked: boolean; blocked: string | null; onChange(on: boolean): void; children: ReactNode }) {
  return (
    <fieldset className="col-12 mt-3" aria-describedby={props.blocked ? `${props.id}-why` : undefined}>
      <div className="form-check form-switch">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id={props.id}
          data-table-option={props.option}
          checked={props.checked}
          disabled={!!props.blocked && !props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <label className="form-check-label small" htmlFor={props.id}>
          {props.label}
        </label>
      </div>
      {props.blocked && (
        <p className="small text-body-secondary mb-0" id={`${props.id}-why`}>
          {props.blocked}
        </p>
      )}
      {props.checked && <div className="row g-2 mt-1">{props.children}</div>}
    </fieldset>
  );
}

/**
 * The designer's public-site settings: the switch that makes a row public (and the time it may wait for),
 * and, for such a table, whether visitors find its rows with the site search and whether members sign up
 * for them. Each is offered where the design can have it, with what it lacks said otherwise.
 */
export function PublicSettings({ state, onChange }: TableSettingsProps) {
  const { t } = useTranslation('crud-designer');
  const { table, fields } = state;
  const typeOf = (name: string): DesignType | undefined => fields.find((f) => f.name.trim() === name)?.designType;
  const named = (types: readonly DesignType[]) => fields.filter((f) => types.includes(f.designType) && f.name.trim()).map((f) => f.name.trim());
  const texts = named(TEXT_DESIGN_TYPES);
  const times = named(TIME_DESIGN_TYPES);
  const snowflake = fields.some((f) => f.designType === 'spk');
  const published = !!table.publishStatus;
  const blocked = (needs: string | null) => (!published ? t('public.needsPublish') : snowflake ? t('public.needsKey') : needs);
  const searchBlocked = blocked(texts.length && times.length ? null : t('public.searchNeeds'));
  const signupBlocked = blocked(texts.length && hasSignupFields(typeOf) ? null : t('public.signupNeeds'));
  const setSearch = (patch: Partial<DesignerSearch>) => onChange({ search: { ...table.search, ...patch } });
  const setSignup = (patch: Partial<DesignerSignup>) => onChange({ signup: { ...table.signup, ...patch } });
  const firstOf = (names: readonly string[], preferred: string) => (names.includes(preferred) ? preferred : (names[0] ?? ''));

  return (
    <SettingsCard id="crud-public-settings" title={t('public.title')}>
      <FieldSelect
        id="crud-publish-status"
        option="publishStatus"
        label={t('public.status')}
        value={table.publishStatus}
        names={named(['switch'])}
        none={t('public.notPublic')}
        onChange={(publishStatus) => onChange({ publishStatus, ...(publishStatus ? {} : { search: { ...table.search, on: false }, signup: { ...table.signup, on: false } }) })}
      />
      <FieldSelect
        id="crud-publish-time"
        option="publishTime"
        label={t('public.time')}
        value={table.publishTime}
        names={times}
        none={t('public.atOnce')}
        disabled={!published}
        onChange={(publishTime) => onChange({ publishTime })}
      />
      <CapabilitySwitch
        id="crud-site-search"
        option="search"
        label={t('public.search')}
        checked={table.search.on}
        blocked={searchBlocked}
        onChange={(on) =>
          setSearch(on ? { on, title: table.search.title || firstOf(texts, 'title'), time: table.search.time || firstOf(times, table.publishTime || (table.signup.on && table.signup.start) || 'create_time') } : { on })
        }
      >
        <FieldSelect id="crud-search-title" option="searchTitle" label={t('public.searchTitle')} value={table.search.title} names={texts} onChange={(title) => setSearch({ title })} />
        <FieldSelect id="crud-search-time" option="searchTime" label={t('public.searchTime')} value={table.search.time} names={times} onChange={(time) => setSearch({ time })} />
        <div className="col-lg-6">
          <label className="form-label small" htmlFor="crud-search-url">
            {t('public.searchUrl')}
          </label>
          <input
            id="crud-search-url"
            className="form-control form-control-sm"
            data-table-option="searchUrl"
            value={table.search.url}
            placeholder="/page?id={id}"
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setSearch({ url: e.target.value })}
          />
        </div>
        <div className="col-12">
          <span className="form-label small d-block" id="crud-search-body-label">
            {t('public.searchBody')}
          </span>
          <div className="d-flex flex-wrap gap-2" role="group" aria-labelledby="crud-search-body-label" data-table-option="searchBody">
            {texts
              .filter((name) => name !== table.search.title)
              .map((name) => (
                <div className="form-check form-check-inline m-0" key={name}>
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`crud-search-body-${name}`}
                    value={name}
                    checked={table.search.body.includes(name)}
                    onChange={(e) => setSearch({ body: e.target.checked ? [...table.search.body, name] : table.search.body.filter((n) => n !== name) })}
                  />
                  <label className="form-check-label small" htmlFor={`crud-search-body-${name}`}>
                    {name}
                  </label>
                </div>
              ))}
          </div>
        </div>
      </CapabilitySwitch>
      <CapabilitySwitch
        id="crud-signup"
        option="signup"
        label={t('public.signup')}
        checked={table.signup.on}
        blocked={signupBlocked}
        onChange={(on) => setSignup(on ? { on, title: table.signup.title || firstOf(texts, 'title'), start: table.signup.start || firstOf(times, 'start_time') } : { on })}
      >
        <FieldSelect id="crud-signup-title" option="signupTitle" label={t('public.signupTitle')} value={table.signup.title} names={texts} onChange={(title) => setSignup({ title })} />
        <FieldSelect id="crud-signup-start" option="signupStart" label={t('public.signupStart')} value={table.signup.start} names={times} onChange={(start) => setSignup({ start })} />
      </CapabilitySwitch>
    </SettingsCard>
  );
}
