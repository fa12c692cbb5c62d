import test from 'ava';
import { loginTarget, isLocalPath } from '../../src/islands/user/redirect.ts';
import { niceStep, valueScale } from '../../src/islands/app/chartScale.ts';
import { pageOf, pageWindow } from '../../src/islands/user/components/Pagination.tsx';
import { check } from '../../src/islands/lib/forms.ts';
import { loginSchema, profileSchema, registerSchema } from '../../src/shared/schemas/account.ts';

const ORIGIN = 'https://canal.example';
const target = (redirect: string | null, referrer = '') => loginTarget(redirect, referrer, ORIGIN, '/user', '/user/login');

test('after logging in, ?redirect= is followed only to a path on this site', (t) => {
  t.is(target('/trail/apply?id=3'), '/trail/apply?id=3');
  t.is(target('/user/account/balance'), '/user/account/balance');
  t.is(target('//evil.example/'), '/user');
  t.is(target('/\\evil.example/'), '/user');
  t.is(target('https://evil.example/'), '/user');
  t.is(target('javascript:alert(1)'), '/user');
  t.is(target('user'), '/user');
  t.is(target(''), '/user');
  t.false(isLocalPath('/a\nb'));
  t.true(isLocalPath('/'));
});

test('without ?redirect=, a member sent here from a member-centre page goes back to it', (t) => {
  t.is(target(null, `${ORIGIN}/user/account/balance?page=2`), '/user/account/balance?page=2');
  t.is(target(null, `${ORIGIN}/user`), '/user');
  // The login page itself, other pages and other sites are not where the member was going.
  t.is(target(null, `${ORIGIN}/user/login?notice=x`), '/user');
  t.is(target(null, `${ORIGIN}/about`), '/user');
  t.is(target(null, `${ORIGIN}/username`), '/user');
  t.is(target(null, 'https://evil.example/user/account'), '/user');
  t.is(target(null, 'not a url'), '/user');
  // An explicit redirect wins over the referrer.
  t.is(target('/news', `${ORIGIN}/user/account/balance`), '/news');
});

test('chart axes are round, include zero and cover negative days', (t) => {
  t.is(niceStep(10, 4), 5);
  t.is(niceStep(0.9, 4), 0.5);
  t.is(niceStep(130, 4), 50);
  t.is(niceStep(0, 4), 1);
  t.deepEqual(valueScale([0, 0, 0]), { min: 0, max: 1, ticks: [0, 0.5, 1] });
  t.deepEqual(valueScale([3, 12, 7]), { min: 0, max: 15, ticks: [0, 5, 10, 15] });
  t.deepEqual(valueScale([-3.5, 2]), { min: -4, max: 2, ticks: [-4, -2, 0, 2] });
  t.deepEqual(valueScale([0.1, 0.3]).ticks, [0, 0.1, 0.2, 0.3]);
  t.deepEqual(valueScale([Number.NaN, 4]).ticks, [0, 1, 2, 3, 4]);
});

test('page links show the ends and the neighbourhood of the current page', (t) => {
  t.deepEqual(pageWindow(1, 1), [1]);
  t.deepEqual(pageWindow(1, 5), [1, 2, 3, 0, 5]);
  t.deepEqual(pageWindow(6, 12), [1, 0, 4, 5, 6, 7, 8, 0, 12]);
  t.deepEqual(pageWindow(3, 4), [1, 2, 3, 4]);
  t.is(pageOf('?page=3'), 3);
  t.is(pageOf('?page=0'), 1);
  t.is(pageOf('?page=2.5'), 1);
  t.is(pageOf(''), 1);
});

test('forms report every invalid field at once, one catalogue key each', (t) => {
  t.deepEqual(check(loginSchema(), { username: ' ', password: 'secret1' }), { ok: false, problems: [{ field: 'username', message: 'account:accountRequired' }] });
  t.deepEqual(check(loginSchema(), { username: 'canal', password: 'a<b' }), { ok: false, problems: [{ field: 'password', message: 'validate:password' }] });
  const register = check(registerSchema(), { username: 'canal_1', password: 'secret1', registerType: 'email', email: 'bad', mobile: '', captcha: 'AB12' });
  t.deepEqual(register, { ok: false, problems: [{ field: 'email', message: 'validate:email' }] });
  // A short name, a password with '<' and a bad phone: all three flagged, not only the first.
  const many = check(registerSchema(), { username: 'ab', password: 'a<bcdef', registerType: 'mobile', email: '', mobile: '123', captcha: 'AB12' });
  t.deepEqual(many.ok ? [] : many.problems.map((p) => p.field), ['username', 'password', 'mobile']);
  // zod's own English text never reaches the page.
  const gender = check(profileSchema(), { username: 'canal_1', nickname: 'Canal', gender: -1 });
  t.deepEqual(gender, { ok: false, problems: [{ field: 'gender', message: 'validate:invalid' }] });
  t.true(check(loginSchema(), { username: 'canal', password: 'secret1', keep: true }).ok);
});
