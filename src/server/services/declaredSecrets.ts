import { CREDENTIAL_PARAMS } from '../../shared/api/credentials.ts';
import type { ResourceLookup } from '../../resources/lookup.ts';
import { secretColumns } from '../../resources/types.ts';
import type { Settings } from './settings.ts';

/**
 * Every input name whose value is a secret, as the portal declares them: the secret columns and password
 * fields of every resource, the config items of type password (the SMTP password, the SMS and WeChat
 * keys) and the credential parameters (tokens, tickets, refresh tokens). Routes add their own (a login's password, the payment keys). Logs mask exactly these, never a
 * guess from how a name looks.
 */
export async function declaredSecretNames(settings: Settings, resources: ResourceLookup): Promise<Set<string>> {
  const names = new Set([...CREDENTIAL_PARAMS, ...resources.all().flatMap(secretColumns)]);
  for (const row of (await settings.rows()).values()) if (row.type === 'password') names.add(row.name);
  return names;
}
