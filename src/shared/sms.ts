/** SMS choices both the server and the admin screens know. */

/** Who delivers text messages: the server log (development), a webhook, Alibaba Cloud or Tencent Cloud. */
export const SMS_DRIVERS = ['log', 'webhook', 'aliyun', 'tencent'] as const;

/** Where a template variable's value comes from: the code being sent, the site, or a fixed text. */
export const VARIABLE_SOURCES = ['code', 'site_name', 'code_minutes', 'literal'] as const;
export type VariableSource = (typeof VARIABLE_SOURCES)[number];

export const SMS_LOG_STATUSES = ['success', 'failed'] as const;
