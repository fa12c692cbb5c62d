import test from 'ava';
import type { MenuNode } from '../../src/shared/account.ts';
import { buildNodeMap, hasNode } from '../../src/islands/app/permissions.ts';

const node = (fields: Partial<MenuNode> & Pick<MenuNode, 'id' | 'type' | 'name'>): MenuNode => ({
  pid: 0, title: fields.name, title_en: '', path: '', icon: '', menu_type: 'tab', url: '', component: '', extend: 'none', ...fields,
});

const menus: MenuNode[] = [
  node({
    id: 1, type: 'menu_dir', name: 'auth', path: 'auth',
    children: [
      node({
        id: 2, type: 'menu', name: 'auth/admin', path: 'auth/admin',
        children: [node({ id: 3, type: 'button', name: 'auth/admin/index' }), node({ id: 4, type: 'button', name: 'auth/admin/add' })],
      }),
      node({ id: 5, type: 'menu', name: 'auth/group', path: 'auth/group' }),
    ],
  }),
];

test('nodes are found by path + action and by name with an optional sub-node', (t) => {
  const map = buildNodeMap(menus, '/admin');
  t.true(hasNode(map, '/admin/auth/admin/add', false));
  t.false(hasNode(map, '/admin/auth/admin/del', false));
  t.true(hasNode(map, { name: 'auth/admin', node: 'index' }, false));
  t.false(hasNode(map, { name: 'auth/admin', node: 'edit' }, false));
  t.true(hasNode(map, { name: 'auth/group' }, false), 'a page without buttons is still a node');
  t.false(hasNode(map, { name: 'user/user' }, false));
  t.false(hasNode(map, 'add', false), 'a bare action without a page path is not a node');
  t.true(hasNode(map, { name: 'user/user', node: 'del' }, true), 'super admins hold every node');
});

test('the admin base moves the path keys', (t) => {
  const map = buildNodeMap(menus, '/manage');
  t.true(hasNode(map, '/manage/auth/admin/index', false));
  t.false(hasNode(map, '/admin/auth/admin/index', false));
});
