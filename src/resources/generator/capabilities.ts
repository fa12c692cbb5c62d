import { SEARCH_URL, SIGNUP_COLUMNS, type PublishRule, type SearchMode, type SignupMode } from '../types.ts';
import { DesignError, effectiveType, type Design } from './design.ts';
import type { DesignType } from './designTypes.ts';

/**
 * What a design declares for the public site (src/resources/types.ts): which rows the public sees (`publish`),
 * which visitors find with the site search (`search`) and which members sign up for (`signup`), each checked
 * against the design's fields so the definition is one the registry serves (definitionSchema's
 * capabilityProblems). Shared by the server and the designer's live check.
 */

/** Design types of text: searched, quoted in results, naming a row in sign-ups. */
export const TEXT_DESIGN_TYPES: readonly DesignType[] = ['string', 'textarea', 'editor', 'select', 'radio'];
/** Design types of a moment (Unix seconds). */
export const TIME_DESIGN_TYPES: readonly DesignType[] = ['timestamp', 'datetime'];

/** The fields a table taking sign-ups has, by name (SIGNUP_COLUMNS), with the design types each may be. */
export const SIGNUP_FIELDS: readonly { name: string; types: readonly DesignType[]; optional?: true }[] = [
  { name: SIGNUP_COLUMNS.capacity, types: ['number'] },
  { name: SIGNUP_COLUMNS.fee, types: ['float'] },
  { name: SIGNUP_COLUMNS.end, types: TIME_DESIGN_TYPES },
  { name: SIGNUP_COLUMNS.start, types: TIME_DESIGN_TYPES, optional: true },
  { name: SIGNUP_COLUMNS.cancelEnd, types: TIME_DESIGN_TYPES, optional: true },
];

export interface Capabilities {
  publish?: PublishRule;
  search?: SearchMode;
  signup?: SignupMode;
}

/** The design type of a field, or undefined when the design has no such field. */
function typeIn(design: Design, name: string): DesignType | undefined {
  const field = design.fields.find((f) => f.name === name);
  return field && effectiveType(field);
}

/** Whether fields (their design type by name) are those a table taking sign-ups needs: the designer offers sign-ups then. */
export function hasSignupFields(typeOf: (name: string) => DesignType | undefined): boolean {
  return SIGNUP_FIELDS.every(({ name, types, optional }) => {
    const type = typeOf(name);
    return type === undefined ? !!optional : types.includes(type);
  });
}

/** The declarations of a design's table settings; a DesignError names what does not fit. */
export function compileCapabilities(design: Design): Capabilities {
  const { publish, siteSearch, signup } = design.table;
  const is = (name: string, types: readonly DesignType[]) => types.includes(typeIn(design, name) as DesignType);
  const snowflake = design.fields.some((f) => f.designType === 'spk');
  const declared: Capabilities = {};
  if (publish?.status) {
    if (typeIn(design, publish.status) !== 'switch') throw new DesignError('publishStatus', { field: publish.status });
    if (publish.field && !is(publish.field, TIME_DESIGN_TYPES)) throw new DesignError('publishTime', { field: publish.field });
    declared.publish = { status: publish.status, ...(publish.field ? { field: publish.field } : {}) };
  }
  if (siteSearch?.title) {
    if (!declared.publish) throw new DesignError('searchPublish');
    if (snowflake) throw new DesignError('searchSnowflake');
    for (const field of [siteSearch.title, ...siteSearch.body]) if (!is(field, TEXT_DESIGN_TYPES)) throw new DesignError('searchText', { field });
    if (!is(siteSearch.time, TIME_DESIGN_TYPES)) throw new DesignError('searchTime', { field: siteSearch.time || '-' });
    if (!SEARCH_URL.test(siteSearch.url) || !siteSearch.url.includes('{id}')) throw new DesignError('searchUrl', { url: siteSearch.url || '-' });
    declared.search = { title: siteSearch.title, body: siteSearch.body.filter((f) => f !== siteSearch.title), time: siteSearch.time, url: siteSearch.url };
  }
  if (signup?.title) {
    if (!declared.publish) throw new DesignError('signupPublish');
    if (snowflake) throw new DesignError('signupSnowflake');
    if (!hasSignupFields((name) => typeIn(design, name))) throw new DesignError('signupFields');
    if (!is(signup.title, TEXT_DESIGN_TYPES)) throw new DesignError('signupText', { field: signup.title });
    if (!is(signup.start, TIME_DESIGN_TYPES)) throw new DesignError('signupTime', { field: signup.start || '-' });
    declared.signup = { title: signup.title, start: signup.start };
  }
  return declared;
}
