/**
 * The files a paste or a drop carries (`clipboardData`, `dataTransfer`), for the uploaders that take them as the
 * file picker would. A file the browser gave no name (a pasted screenshot, in some browsers) is named by its
 * type, `image.png`, so the upload checks can tell what it is.
 */
export function transferredFiles(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].map((file) => {
    if (file.name) return file;
    const suffix = /^[a-z]+\/([a-z0-9]+)$/i.exec(file.type)?.[1] ?? 'bin';
    return new File([file], `${file.type.startsWith('image/') ? 'image' : 'file'}.${suffix}`, { type: file.type, lastModified: file.lastModified });
  });
}

/**
 * Files pasted into rich text are uploaded only when the clipboard holds no text: a spreadsheet or word
 * processor puts a picture of what was copied beside its text, and the text is what was meant.
 */
export function pastedFiles(data: DataTransfer | null): File[] {
  if (data?.getData('text/plain')) return [];
  return transferredFiles(data);
}
