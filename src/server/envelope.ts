import type { Context } from 'koa';
import { ApiCode, type Envelope } from '../shared/api/envelope.ts';
import { encryptData } from '../shared/request/cipher.ts';
import { Refusal, Success } from './errors.ts';

export function envelope<T>(ctx: Context, code: number, msg: string, data: T): Envelope<T | string> {
  // With a key configured, the payload travels as a string the client decrypts (spec section 7).
  const payload = ctx.apiEncryptKey && data !== null && data !== undefined ? encryptData(data, ctx.apiEncryptKey) : data;
  return { code, msg, time: ctx.state.startTime, data: payload };
}

export function sendEnvelope(ctx: Context, code: number, msg: string, data: unknown, status = 200): void {
  ctx.status = status;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = envelope(ctx, code, msg, data);
}

export function sendOk(ctx: Context, result: unknown): void {
  if (result instanceof Success) {
    sendEnvelope(ctx, ApiCode.success, ctx.state.t(result.msgKey, result.params), result.data ?? null);
  } else {
    sendEnvelope(ctx, ApiCode.success, '', result ?? null);
  }
}

export function sendError(ctx: Context, err: Refusal): void {
  sendEnvelope(ctx, err.code, err.raw ? err.msgKey : ctx.state.t(err.msgKey, err.params), err.data);
}
