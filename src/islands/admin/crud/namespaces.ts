/** Catalogues the CRUD screen and its parts read (the uploader needs `upload` and `request`). */
export const CRUD_NAMESPACES = ['crud-ui', 'resources', 'validate', 'upload', 'request', 'staff'] as const;
