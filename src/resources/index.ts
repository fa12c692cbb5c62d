import type { ResourceDef } from './types.ts';
import adminLog from './auth/adminLog.ts';
import admin from './auth/admin.ts';
import adminGroup from './auth/group.ts';
import adminRule from './auth/rule.ts';
import department from './auth/department.ts';
import job from './auth/job.ts';
import user from './user/user.ts';
import userGroup from './user/group.ts';
import userRule from './user/rule.ts';
import moneyLog from './user/moneyLog.ts';
import scoreLog from './user/scoreLog.ts';
import activity from './content/activity.ts';
import activitySignup from './content/activitySignup.ts';
import canal from './content/canal.ts';
import city from './content/city.ts';
import culture from './content/culture.ts';
import cultureCategory from './content/cultureCategory.ts';
import forum from './content/forum.ts';
import member from './content/member.ts';
import news from './content/news.ts';
import newsCategory from './content/newsCategory.ts';
import trail from './content/trail.ts';
import trailApplication from './content/trailApplication.ts';
import config from './routine/config.ts';
import attachment from './routine/attachment.ts';
import dataRecycle from './security/dataRecycle.ts';
import dataRecycleLog from './security/dataRecycleLog.ts';
import sensitiveData from './security/sensitiveData.ts';
import sensitiveDataLog from './security/sensitiveDataLog.ts';
import smsTemplate from './sms/template.ts';
import smsVariable from './sms/variable.ts';
import smsLog from './sms/log.ts';
import wechatAutoReply from './wechat/autoReply.ts';
import wechatMaterial from './wechat/material.ts';
import payOrder from './pay/order.ts';

/** Every resource definition of the portal; the admin app and the CRUD routes are built from this list. */
export const resources: readonly ResourceDef[] = [
  adminLog,
  adminGroup,
  admin,
  adminRule,
  department,
  job,
  user,
  userGroup,
  userRule,
  moneyLog,
  scoreLog,
  newsCategory,
  news,
  activity,
  activitySignup,
  canal,
  city,
  trail,
  trailApplication,
  member,
  cultureCategory,
  culture,
  forum,
  config,
  attachment,
  dataRecycleLog,
  sensitiveDataLog,
  dataRecycle,
  sensitiveData,
  smsTemplate,
  smsVariable,
  smsLog,
  wechatAutoReply,
  wechatMaterial,
  payOrder,
];
