/**
 * The generic CRUD kit of the admin, for special screens that need part of it: the whole page, or the
 * list hook, table, toolbar, search, pagination, form, field widgets and dialogs one by one. Screens using
 * any of it must load CRUD_NAMESPACES.
 */
export { CRUD_NAMESPACES } from './namespaces.ts';
export { CrudPage, type CrudAction, type CrudFormSlot, type CrudPageProps } from './CrudPage.tsx';
export { useCrudList, type CrudList, type IndexAnswer, type UseCrudListOptions } from './useCrudList.ts';
export { CrudTable, CellView, type CrudTableProps } from './CrudTable.tsx';
export { CrudToolbar, ColumnChooser, QuickSearch, type CrudToolbarProps } from './CrudToolbar.tsx';
export { SearchPanel } from './SearchPanel.tsx';
export { CrudPagination, pageWindow } from './CrudPagination.tsx';
export { CrudForm, type CrudFormProps } from './CrudForm.tsx';
export { FormDialog, type FormDialogProps } from './FormDialog.tsx';
export { useFormSubmit, type FormSubmit } from './useFormSubmit.ts';
export { FieldInput, isGroupWidget, type FieldInputProps } from './FieldInput.tsx';
export { FormFields, type FormFieldsProps } from './FormFields.tsx';
export { RequiredMark } from './RequiredMark.tsx';
export { SaveFooter } from './SaveFooter.tsx';
export { RemoteSelect, type RemoteSelectProps } from './RemoteSelect.tsx';
export { CityPicker } from './CityPicker.tsx';
export { IconPicker } from './IconPicker.tsx';
export { RichTextEditor } from './RichTextEditor.tsx';
export { Modal, type ModalProps } from './Modal.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';
export { ReadOnlyDialog, type ReadOnlyDialogProps } from './ReadOnlyDialog.tsx';
export { RecordLoading, RecordState, type RecordStateProps } from './RecordState.tsx';
export { ListError, ListRemark } from './tableParts.tsx';
export { useResourceLabels } from './labels.ts';
export { useColumnPrefs } from './useColumnPrefs.ts';
export * from './listModel.ts';
export * from '../../../resources/cells.ts';
export * from './formModel.ts';
