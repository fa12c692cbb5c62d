import test from 'ava';
import { checkRules, parseRuleName, permissionsFrom } from '../../src/server/services/auth.ts';

const rules = (...names: string[]) => permissionsFrom(false, names.map((name, i) => ({ id: i + 1, name })));

test('a rule name with conditions: the route and its parameters, lower-cased as the reference compares them', (t) => {
  t.deepEqual(parseRuleName('auth/admin/index'), { name: 'auth/admin/index', params: null });
  const { name, params } = parseRuleName(' User/User/Edit?ID=3&Status=Enable ');
  t.is(name, 'user/user/edit');
  t.deepEqual([...params!], [['id', '3'], ['status', 'enable']]);
  t.deepEqual(parseRuleName('a/b?'), { name: 'a/b', params: null }, 'an empty query is no condition');
});

test('one name: a plain rule passes, a conditional one only when the parameters meet it', (t) => {
  const perms = rules('user/user/index', 'user/user/edit?id=3', 'user/user/edit?id=5&status=enable');
  t.true(checkRules(perms, 'user/user/index'));
  t.true(checkRules(perms, 'User/User/Index'), 'names compare without case');
  t.false(checkRules(perms, 'user/user/del'));
  t.true(checkRules(perms, 'user/user/edit', { params: { id: '3' } }));
  t.true(checkRules(perms, 'user/user/edit', { params: { ID: 3, other: 'x' } }), 'numbers and key case as the request sends them');
  t.false(checkRules(perms, 'user/user/edit', { params: { id: '4' } }));
  t.false(checkRules(perms, 'user/user/edit'), 'no parameters, no conditional pass');
  t.false(checkRules(perms, 'user/user/edit', { params: { id: '5' } }), 'every condition of a rule must hold');
  t.true(checkRules(perms, 'user/user/edit', { params: { id: '5', status: 'ENABLE' } }));
  t.false(checkRules(perms, 'user/user/edit', { params: { id: ['3'] } }), 'a nested value meets no condition');
  t.false(checkRules(perms, 'user/user/edit?id=3'), 'a checked name is a name, not a rule with conditions');
});

test('several names: any of them passes, or all of them with `and`', (t) => {
  const perms = rules('a/b', 'c/d?x=1');
  t.true(checkRules(perms, 'a/b,e/f'));
  t.true(checkRules(perms, ['e/f', 'a/b']));
  t.false(checkRules(perms, 'a/b,e/f', { relation: 'and' }));
  t.false(checkRules(perms, 'a/b,c/d', { relation: 'and' }));
  t.true(checkRules(perms, 'a/b, c/d', { relation: 'and', params: { x: '1' } }));
  t.false(checkRules(perms, ''), 'nothing to check passes nothing');
  t.false(checkRules(perms, ' , '));
});

test('a super account passes every check', (t) => {
  const perms = permissionsFrom(true, []);
  t.true(checkRules(perms, 'anything/at/all'));
  t.true(checkRules(perms, 'x,y', { relation: 'and' }));
});
