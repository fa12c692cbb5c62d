import test from 'ava';
import { isAccountName, isEditorFilled, isIdNumber, isMobile, isName, isPassword } from '../../src/shared/validation.ts';

test('account names: a letter first, 3 to 15 letters, digits or underscores', (t) => {
  for (const ok of ['abc', 'a_1', 'Canal2026', 'a23456789012345']) t.true(isAccountName(ok), ok);
  for (const bad of ['ab', '1abc', '_abc', 'a234567890123456', 'ab-c', 'ab c', '运河abc', '']) t.false(isAccountName(bad), bad);
});

test('passwords: 6 to 32 characters without & < > " \'', (t) => {
  for (const ok of ['123456', 'a'.repeat(32), 'pa ss!@#$%^*()', '运河密码很长啊']) t.true(isPassword(ok), ok);
  for (const bad of ['12345', 'a'.repeat(33), 'abc&def', 'abc<def', 'abc>def', 'abc"def', "abc'def", 'abc\ndef']) t.false(isPassword(bad), bad);
});

test('mobile numbers: 1, then 3-9, then 9 digits', (t) => {
  for (const ok of ['13800138000', '19912345678', '15000000000']) t.true(isMobile(ok), ok);
  for (const bad of ['12800138000', '1380013800', '138001380000', '+8613800138000', '1380013800a']) t.false(isMobile(bad), bad);
});

test('ID numbers: birth date and MOD 11-2 check character', (t) => {
  const today = new Date('2026-11-21T00:00:00Z');
  for (const ok of ['11010519491231002X', '11010519491231002x', '440304199001011233', '320502200002290015', '110105491231002']) {
    t.true(isIdNumber(ok, today), ok);
  }
  t.false(isIdNumber('110105194912310021', today), 'wrong check digit');
  t.false(isIdNumber('320502200102290015', today), '29 February in a common year');
  t.false(isIdNumber('110105203001010011', today), 'born in the future');
  t.false(isIdNumber('11010519491331002X', today), 'month 13');
  t.false(isIdNumber('010105194912310021', today), 'leading zero');
  t.false(isIdNumber('11010519491231002', today), '17 characters');
});

test('names: Chinese with middle dot, or Latin script', (t) => {
  for (const ok of ['张三', '欧阳修', '阿依古丽·买买提', 'Marco Polo', "Anne-Marie O'Neil", 'J. R. Smith']) t.true(isName(ok), ok);
  for (const bad of ['张', 'A', 'Marco2', '张三123', '<b>x</b>', '']) t.false(isName(bad), bad);
});

test('editor content counts only with text or media', (t) => {
  t.false(isEditorFilled('<p><br></p>'));
  t.false(isEditorFilled('<p>&nbsp; </p>'));
  t.true(isEditorFilled('<p>运河</p>'));
  t.true(isEditorFilled('<p><img src="/a.png"></p>'));
});
