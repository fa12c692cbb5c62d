import { useEffect, useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loginPathOf, type TokenSide } from '../shared/request/client.ts';
import type { UploadSettings } from '../shared/site.ts';
import { IMAGE_SUFFIXES, fileSuffix, suffixList, toMiB, uploadRefusal, type UploadedFile } from '../shared/upload.ts';
import { Icon } from './lib/Icon.tsx';
import { transferredFiles } from './lib/transferFiles.ts';
import { UploadFailure, adminBase, uploadFile, type UploadProblem } from './lib/uploadFile.ts';

export interface UploaderProps {
  /** Which API receives the files: the member's `/api/ajax/upload` or the admin's `/admin/ajax/upload`. */
  endpoint: 'member' | 'admin';
  /** 'image' accepts image suffixes only and previews them; default 'file'. */
  accept?: 'image' | 'file';
  /** Current url(s), relative (`/storage/...`) or absolute; several as an array or a comma-separated string. */
  value?: string | string[];
  multiple?: boolean;
  topic?: string;
  /** The url (or the urls when `multiple`) after every upload or removal, and the records uploaded here. */
  onChange?(value: string | string[], files: UploadedFile[]): void;
  /** `site.upload` of GET /api/index/index. */
  settings: UploadSettings;
  /** `site.cdnUrl`, put before relative urls to show them. */
  cdnUrl?: string;
  /** When set, hidden inputs carry the value in a surrounding HTML form (several urls comma-separated). */
  name?: string;
  disabled?: boolean;
}

interface Item {
  url: string;
  name: string;
  suffix: string;
  /** The server's record, for files uploaded in this session. */
  file?: UploadedFile;
}

function toUrls(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : (value ?? '').split(',');
  return list.map((u) => u.trim()).filter(Boolean);
}

function itemOf(url: string, known: readonly Item[]): Item {
  const existing = known.find((i) => i.url === url);
  if (existing) return existing;
  const last = url.split(/[?#]/)[0]!.split('/').pop() || url;
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A stray % in a stored url: show it as written.
  }
  return { url, name, suffix: fileSuffix(name) };
}

function displayUrl(url: string, cdnUrl: string): string {
  return /^(?:[a-z]+:)?\/\//i.test(url) ? url : cdnUrl + url;
}

/**
 * File and image upload widget (reference 6.2): files picked, dropped on it or pasted while it has the focus
 * are checked against the site's upload settings and sent with progress, then it shows the image or a
 * file-type icon with a remove button. Works as an island of its own (`Uploader`) or as a component inside
 * other islands, which must load the `upload` and `request` namespaces.
 */
export default function Uploader({
  endpoint,
  accept = 'file',
  value,
  multiple = false,
  topic,
  onChange,
  settings,
  cdnUrl = '',
  name,
  disabled = false,
}: UploaderProps) {
  const { t, i18n } = useTranslation(['upload', 'request']);
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [items, setItems] = useState<Item[]>(() => toUrls(value).map((u) => itemOf(u, [])));
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [dragging, setDragging] = useState(false);
  const side: TokenSide = endpoint === 'admin' ? 'admin' : 'user';
  const images = accept === 'image';
  const busy = progress !== null;
  const valueKey = toUrls(value).join(',');

  // A parent that controls `value` may change it; keep the records of files that are still there.
  useEffect(() => {
    setItems((current) => toUrls(valueKey).map((u) => itemOf(u, current)));
  }, [valueKey]);

  const allowed = suffixList(settings.allowedSuffixes).filter((s) => !images || IMAGE_SUFFIXES.includes(s));
  const acceptAttr = images
    ? allowed.length > 0
      ? allowed.map((s) => `.${s}`).join(',')
      : 'image/*'
    : [...allowed.map((s) => `.${s}`), ...settings.allowedMimeTypes].join(',');

  function emit(next: Item[]): void {
    const urls = next.map((i) => i.url);
    const files = next.flatMap((i) => (i.file ? [i.file] : []));
    onChange?.(multiple ? urls : (urls[0] ?? ''), files);
  }

  async function handleFiles(list: readonly File[]): Promise<void> {
    setProblem(null);
    let next = items;
    for (const file of multiple ? list : list.slice(0, 1)) {
      const message = uploadRefusal(file, settings, images);
      if (message) {
        setProblem({ text: t(message) });
        break;
      }
      setProgress({ name: file.name, percent: 0 });
      try {
        const uploaded = await uploadFile(file, { endpoint, topic, settings, language: i18n.language, t, onProgress: (percent) => setProgress({ name: file.name, percent }) });
        const item: Item = { url: uploaded.url, name: uploaded.name || file.name, suffix: uploaded.suffix, file: uploaded };
        next = multiple ? [...next.filter((i) => i.url !== item.url), item] : [item];
        setItems(next);
        emit(next);
      } catch (err) {
        setProblem(err instanceof UploadFailure ? err.problem : { text: t('ui.failed') });
        break;
      } finally {
        setProgress(null);
      }
    }
  }

  function onPick(e: ChangeEvent<HTMLInputElement>): void {
    const files = [...(e.target.files ?? [])];
    // Clearing lets the same file be picked again after a refusal.
    e.target.value = '';
    if (files.length > 0) void handleFiles(files);
  }

  function onDrop(e: DragEvent<HTMLDivElement>): void {
    e.preventDefault();
    setDragging(false);
    if (disabled || busy) return;
    const files = transferredFiles(e.dataTransfer);
    if (files.length > 0) void handleFiles(files);
  }

  /** Files pasted while the widget has the focus (its button): uploaded as if picked. */
  function onPaste(e: ClipboardEvent<HTMLDivElement>): void {
    const files = transferredFiles(e.clipboardData);
    if (files.length === 0 || disabled || busy) return;
    e.preventDefault();
    void handleFiles(files);
  }

  function remove(index: number): void {
    const next = items.filter((_, i) => i !== index);
    setItems(next);
    emit(next);
    setProblem(null);
    chooseRef.current?.focus();
  }

  const chooseLabel = t(images ? (multiple ? 'ui.chooseImages' : 'ui.chooseImage') : multiple ? 'ui.chooseFiles' : 'ui.chooseFile');
  const typesText = (images ? allowed : [...allowed, ...settings.allowedMimeTypes]).join(', ');

  return (
    // The spec's upload-mode switch: local storage reads "disable" (through the portal), a bucket "enable" (direct).
    <div className="portal-uploader" data-direct-upload={settings.mode === 'local' ? 'disable' : 'enable'} onPaste={onPaste}>
      {name ? <input type="hidden" name={name} value={items.map((i) => i.url).join(',')} /> : null}
      {items.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2">
          {items.map((item, index) => {
            const isImage = IMAGE_SUFFIXES.includes(item.suffix);
            const src = isImage ? displayUrl(item.url, cdnUrl) : `/api/ajax/buildSuffixSvg?suffix=${encodeURIComponent(item.suffix)}`;
            return (
              <li key={`${item.url}-${index}`} className="card p-1 text-center" style={{ width: '8rem' }}>
                <a href={displayUrl(item.url, cdnUrl)} target="_blank" rel="noopener noreferrer" className="d-block">
                  <img src={src} alt={item.name} className="img-fluid rounded" style={{ height: '6rem', objectFit: isImage ? 'cover' : 'contain' }} />
                </a>
                <small className="text-truncate d-block" title={item.name}>
                  {item.name}
                </small>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger mt-1"
                  onClick={() => remove(index)}
                  disabled={disabled || busy}
                  aria-label={t('ui.remove', { name: item.name })}
                >
                  <Icon name="x-lg" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div
        className={`border rounded p-3 text-center ${dragging ? 'border-primary bg-primary-subtle' : ''}`}
        style={{ borderStyle: 'dashed' }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          type="file"
          className="d-none"
          accept={acceptAttr}
          multiple={multiple}
          onChange={onPick}
          tabIndex={-1}
        />
        <button
          ref={chooseRef}
          type="button"
          className="btn btn-outline-primary"
          onClick={() => inputRef.current?.click()}
          disabled={disabled || busy}
          aria-describedby={hintId}
        >
          <Icon name={images ? 'image' : 'upload'} className="me-1" />
          {chooseLabel}
        </button>
        <div id={hintId} className="form-text">
          {t('ui.dropHint')} · {t('ui.limits', { size: toMiB(settings.maxSize), types: typesText })}
        </div>
      </div>
      {progress ? (
        <div className="mt-2">
          <div
            className="progress"
            role="progressbar"
            aria-label={t('ui.uploading', { name: progress.name, percent: progress.percent })}
            aria-valuenow={progress.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${progress.percent}%` }} />
          </div>
          <small className="text-body-secondary">{t('ui.uploading', { name: progress.name, percent: progress.percent })}</small>
        </div>
      ) : null}
      {problem ? (
        <div className="alert alert-danger py-2 mt-2 mb-0" role="alert">
          {problem.text}
          {problem.login ? (
            <>
              {' '}
              <a className="alert-link" href={loginPathOf(side, adminBase())}>
                {t('ui.logIn')}
              </a>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export { Uploader };
