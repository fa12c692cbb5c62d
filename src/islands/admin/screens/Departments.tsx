import departmentResource from '../../../resources/auth/department.ts';
import { ResourceTree, type ResourceNode } from './tree/ResourceTree.tsx';

type DepartmentNode = ResourceNode & { name: string };

/** auth/department: the organisation chart, small enough to show unfolded. */
export default function Departments() {
  return <ResourceTree<DepartmentNode> def={departmentResource} treeColumn="name" titleOf={(node) => node.name} unfold="all" />;
}
