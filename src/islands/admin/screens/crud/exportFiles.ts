import type { RequestFn } from '../../../../shared/request/client.ts';

export interface ExportedFile {
  path: string;
  content: string;
}

/**
 * Downloads a generated resource as source files (GET crud.Crud/export): its definition for
 * src/resources/ and its migration for db/migrations/. Browsers save under the file's own name; the
 * paths it belongs at are returned for the caller to show.
 */
export async function downloadExport(request: RequestFn, name: string): Promise<ExportedFile[]> {
  const { data } = await request<{ files: ExportedFile[] }>('/admin/crud.Crud/export', { params: { name } });
  for (const file of data.files) {
    const url = URL.createObjectURL(new Blob([file.content], { type: 'text/typescript;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.path.split('/').pop() ?? file.path;
    link.dataset.exportPath = file.path;
    document.body.append(link);
    link.click();
    link.remove();
    // The download has started from the object URL; it may go once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return data.files;
}
