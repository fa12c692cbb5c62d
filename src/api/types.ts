import type { Context } from 'koa';

export type Method = 'GET' | 'POST' | 'DELETE';

/** Who may call a route. Later capabilities add member and admin levels with their guards. */
export type AuthLevel = 'none';

export interface ApiRequest {
  ctx: Context;
  /** Query, form, multipart fields and JSON body merged (reference section 0); the body wins on conflicts. */
  input: Record<string, unknown>;
}

export type Handler = (req: ApiRequest) => Promise<unknown> | unknown;

export interface ApiRoute {
  methods: readonly Method[];
  /** Internal path, `/api/<controller>/<action>` or `/admin/<controller>/<action>`; matched case-insensitively. */
  path: string;
  auth: AuthLevel;
  handler: Handler;
}
