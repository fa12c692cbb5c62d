/** Catalogues the CRUD screen and its parts read (the uploader needs `upload` and `request`). */
export const CRUD_NAMESPACES = ['crud-ui', 'resources', 'validate', 'upload', 'request', 'staff'] as const;
/** The catalogue the dialog frame (Modal.tsx) reads, for its close button's name: needed wherever a dialog opens. */
export const MODAL_NAMESPACES = ['crud-ui'] as const;
