import { defineUnit, type ResourceUnit } from '../server/services/crud/unit.ts';
import { resources } from './index.ts';
import admin from './auth/admin.server.ts';
import adminLog from './auth/adminLog.server.ts';
import department from './auth/department.server.ts';
import group from './auth/group.server.ts';
import job from './auth/job.server.ts';
import rule from './auth/rule.server.ts';
import trailApplication from './content/trailApplication.server.ts';
import activitySignup from './content/activitySignup.server.ts';
import order from './pay/order.server.ts';
import attachment from './routine/attachment.server.ts';
import config from './routine/config.server.ts';
import dataRecycle from './security/dataRecycle.server.ts';
import dataRecycleLog from './security/dataRecycleLog.server.ts';
import sensitiveData from './security/sensitiveData.server.ts';
import sensitiveDataLog from './security/sensitiveDataLog.server.ts';
import smsTemplate from './sms/template.server.ts';
import smsVariable from './sms/variable.server.ts';
import userGroup from './user/group.server.ts';
import moneyLog from './user/moneyLog.server.ts';
import userRule from './user/rule.server.ts';
import scoreLog from './user/scoreLog.server.ts';
import user from './user/user.server.ts';
import autoReply from './wechat/autoReply.server.ts';
import material from './wechat/material.server.ts';

/** The behaviours written beside their definitions (`<name>.server.ts`): one entry per resource that has one. */
const withBehaviour: readonly ResourceUnit[] = [
  admin,
  adminLog,
  department,
  group,
  job,
  rule,
  trailApplication,
  activitySignup,
  order,
  attachment,
  config,
  dataRecycle,
  dataRecycleLog,
  sensitiveData,
  sensitiveDataLog,
  smsTemplate,
  smsVariable,
  userGroup,
  moneyLog,
  userRule,
  scoreLog,
  user,
  autoReply,
  material,
];

for (const unit of withBehaviour) {
  if (!resources.includes(unit.def)) throw new Error(`${unit.def.name}: its behaviour is listed, but its definition is not in src/resources/index.ts`);
}

/**
 * Every hand-written resource unit, in the order of `resources` (src/resources/index.ts, which the admin app
 * is built with): its behaviour when it has one, else its definition alone.
 */
export const units: readonly ResourceUnit[] = resources.map((def) => withBehaviour.find((u) => u.def === def) ?? defineUnit(def));
