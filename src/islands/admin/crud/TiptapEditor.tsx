import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState, type Editor, type EditorOptions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { IMAGE_SUFFIXES, uploadRefusal } from '../../../shared/upload.ts';
import { pastedFiles, transferredFiles } from '../../lib/transferFiles.ts';
import { UploadFailure, uploadFile } from '../../lib/uploadFile.ts';
import { useAdmin } from '../context.ts';
import { safeHref } from '../../../resources/cells.ts';
import { pageNonce } from '../../lib/nonce.ts';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

/** The server keeps h2–h4 only (services/richText.ts); h1 is the page title's. */
/** Heading levels the editor offers, with their toolbar icons. */
const HEADINGS = [
  { level: 2, icon: 'bi-type-h2' },
  { level: 3, icon: 'bi-type-h3' },
  { level: 4, icon: 'bi-type-h4' },
] as const;

/** An empty document is '' for the form and the schema, not `<p></p>`. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** A link target the sanitiser keeps: web addresses, site paths and mail. */
function linkTarget(text: string): string | null {
  const url = text.trim();
  if (/^mailto:[^\s]+$/i.test(url)) return url;
  if (/^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(url)) return `https://${url}`;
  return safeHref(url);
}

/** The editable area's accessible name, description and state, as DOM attributes. */
function attributesOf(p: Pick<RichTextEditorProps, 'id' | 'labelledBy' | 'describedBy' | 'invalid' | 'required'>): Record<string, string> {
  const attributes: Record<string, string> = { id: p.id, role: 'textbox', 'aria-multiline': 'true', 'data-editor': p.id };
  if (p.labelledBy) attributes['aria-labelledby'] = p.labelledBy;
  if (p.describedBy) attributes['aria-describedby'] = p.describedBy;
  if (p.invalid) attributes['aria-invalid'] = 'true';
  if (p.required) attributes['aria-required'] = 'true';
  return attributes;
}

/** Takes files pasted or dropped into the editor: the document position of a drop, none for a paste (the cursor). */
type TakeFiles = (files: File[], at: number | null) => void;

/**
 * The editable area's props: its attributes, and files pasted or dropped into it handed to `take` (through a
 * ref, as the editor keeps the props it was made with) instead of into the document.
 */
function editorPropsOf(attributes: Record<string, string>, take: { current: TakeFiles }): EditorOptions['editorProps'] {
  return {
    attributes,
    handlePaste(_view, event) {
      const files = pastedFiles(event.clipboardData);
      if (files.length === 0) return false;
      take.current(files, null);
      return true;
    },
    handleDrop(view, event, _slice, moved) {
      const files = moved ? [] : transferredFiles(event.dataTransfer);
      if (files.length === 0) return false;
      take.current(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null);
      return true;
    },
  };
}

interface ToolProps {
  label: string;
  icon: string;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
  tool: string;
}

function Tool({ label, icon, active, disabled, onClick, tool }: ToolProps) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${active ? 'btn-secondary' : 'btn-outline-secondary'}`}
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      data-tool={tool}
      // Keeps the editor's selection: the command then applies to what was selected.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <i className={`bi ${icon}`} aria-hidden="true" />
    </button>
  );
}

function Group({ children }: { children: ReactNode }) {
  return <div className="btn-group">{children}</div>;
}

/**
 * Tiptap (ProseMirror) with the formatting the public pages style: headings, bold, italic, lists, quotes,
 * links and images (chosen, pasted or dropped) uploaded as the admin's other files are. The server sanitises
 * the HTML on save.
 */
export default function TiptapEditor({ id, value, onChange, labelledBy, describedBy, invalid, required }: RichTextEditorProps) {
  const { t } = useTranslation(['crud-ui', 'upload']);
  const { t: tUpload, i18n } = useTranslation(['upload', 'request']);
  const { siteConfig } = useAdmin();
  // What the editor has sent up and not yet seen come back as `value`, oldest first. The echo of one edit may
  // arrive after the next edit (Preact runs effects after the frame), and must not undo it.
  const emitted = useRef([value]);
  const change = useRef(onChange);
  change.current = onChange;
  const fileRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const [linking, setLinking] = useState(false);
  const [link, setLink] = useState('');
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const takeFiles = useRef<TakeFiles>(() => {});
  // The link field takes the keyboard in the commit that shows it, so the address typed at once lands there.
  useLayoutEffect(() => {
    if (linking) linkRef.current?.focus();
  }, [linking]);

  const editor = useEditor({
    // Tiptap adds a style element of its own: with the page's nonce, or the CSP drops it.
    injectNonce: pageNonce(),
    extensions: [
      StarterKit.configure({
        heading: { levels: HEADINGS.map((h) => h.level) },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer', target: null } },
        code: false,
        codeBlock: false,
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editorProps: editorPropsOf(attributesOf({ id, labelledBy, describedBy, invalid, required }), takeFiles),
    onUpdate({ editor: e }) {
      const html = htmlOf(e);
      emitted.current.push(html);
      change.current(html);
    },
  });

  // Attributes follow the field state (an error appears after the first save attempt).
  useEffect(() => {
    editor?.setOptions({ editorProps: editorPropsOf(attributesOf({ id, labelledBy, describedBy, invalid, required }), takeFiles) });
  }, [editor, id, labelledBy, describedBy, invalid, required]);

  // A value set from outside (the edited row arriving) replaces the document; our own echoes do not.
  useEffect(() => {
    if (!editor) return;
    const echo = emitted.current.indexOf(value);
    if (echo >= 0) {
      emitted.current.splice(0, echo + 1);
      return;
    }
    emitted.current = [];
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            h4: e.isActive('heading', { level: 4 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });

  if (!editor || !state) return null;

  function openLink(): void {
    setLink(String(editor!.getAttributes('link').href ?? ''));
    setLinking(true);
    setProblem(null);
    // Already open: the effect above will not run again, so the keyboard goes back to the field here.
    if (linking) linkRef.current?.focus();
  }

  function applyLink(): void {
    const chain = editor!.chain().focus().extendMarkRange('link');
    if (!link.trim()) {
      chain.unsetLink().run();
    } else {
      const href = linkTarget(link);
      if (!href) {
        setProblem(t('editor.badLink'));
        return;
      }
      chain.setLink({ href }).run();
    }
    setLinking(false);
    setProblem(null);
  }

  function onLinkKey(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Enter') {
      // Applies the link instead of submitting the form.
      event.preventDefault();
      applyLink();
    } else if (event.key === 'Escape') {
      // Closes the link bar, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setLinking(false);
      editor!.commands.focus();
    }
  }

  /**
   * Images chosen with the toolbar's button, pasted or dropped: each checked and uploaded as every uploader's
   * files are, then placed at the cursor (or where they were dropped), stopping at the first refused.
   */
  async function insertImages(files: readonly File[], at: number | null): Promise<void> {
    setProblem(null);
    if (uploading) return;
    if (at !== null) editor!.commands.setTextSelection(at);
    setUploading(true);
    try {
      for (const file of files) {
        const refusal = uploadRefusal(file, siteConfig.upload, true);
        if (refusal) {
          setProblem(tUpload(refusal));
          return;
        }
        // Straight to the bucket when uploads live in one, like every other uploader.
        const uploaded = await uploadFile(file, { endpoint: 'admin', topic: 'editor', settings: siteConfig.upload, language: i18n.language, t: tUpload });
        // The site-relative url: the sanitiser drops protocol-relative ones, and a CDN origin may change later.
        editor!.chain().focus().setImage({ src: uploaded.url, alt: file.name.replace(/\.[^.]+$/, '') }).run();
      }
    } catch (err) {
      setProblem(err instanceof UploadFailure ? err.problem.text : tUpload('ui.failed'));
    } finally {
      setUploading(false);
    }
  }
  takeFiles.current = (files, at) => void insertImages(files, at);

  const e = editor;
  return (
    <div className={`crud-editor form-control p-0${invalid ? ' is-invalid' : ''}`}>
      <div className="d-flex flex-wrap gap-1 p-1 border-bottom" role="toolbar" aria-label={t('editor.toolbar')} aria-controls={id}>
        <Group>
          {HEADINGS.map(({ level, icon }) => (
            <Tool
              key={level}
              tool={`h${level}`}
              label={t('editor.heading', { level })}
              icon={icon}
              active={state[`h${level}`]}
              onClick={() => e.chain().focus().toggleHeading({ level }).run()}
            />
          ))}
        </Group>
        <Group>
          <Tool tool="bold" label={t('editor.bold')} icon="bi-type-bold" active={state.bold} onClick={() => e.chain().focus().toggleBold().run()} />
          <Tool tool="italic" label={t('editor.italic')} icon="bi-type-italic" active={state.italic} onClick={() => e.chain().focus().toggleItalic().run()} />
        </Group>
        <Group>
          <Tool tool="bulletList" label={t('editor.bulletList')} icon="bi-list-ul" active={state.bullet} onClick={() => e.chain().focus().toggleBulletList().run()} />
          <Tool tool="orderedList" label={t('editor.orderedList')} icon="bi-list-ol" active={state.ordered} onClick={() => e.chain().focus().toggleOrderedList().run()} />
          <Tool tool="blockquote" label={t('editor.blockquote')} icon="bi-quote" active={state.quote} onClick={() => e.chain().focus().toggleBlockquote().run()} />
        </Group>
        <Group>
          <Tool tool="link" label={t('editor.link')} icon="bi-link-45deg" active={state.link} onClick={openLink} />
          <Tool tool="image" label={t('editor.image')} icon="bi-image" disabled={uploading} onClick={() => fileRef.current?.click()} />
        </Group>
        <Group>
          <Tool tool="undo" label={t('editor.undo')} icon="bi-arrow-counterclockwise" disabled={!state.canUndo} onClick={() => e.chain().focus().undo().run()} />
          <Tool tool="redo" label={t('editor.redo')} icon="bi-arrow-clockwise" disabled={!state.canRedo} onClick={() => e.chain().focus().redo().run()} />
        </Group>
        <input
          ref={fileRef}
          type="file"
          className="d-none"
          tabIndex={-1}
          accept={IMAGE_SUFFIXES.map((s) => `.${s}`).join(',')}
          data-editor-file={id}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Clearing lets the same file be chosen again after a refusal.
            event.target.value = '';
            if (file) void insertImages([file], null);
          }}
        />
      </div>
      {linking && (
        <div className="d-flex flex-wrap gap-2 p-2 border-bottom align-items-center">
          <input
            ref={linkRef}
            type="url"
            className="form-control form-control-sm flex-grow-1 w-auto"
            placeholder="https://"
            aria-label={t('editor.linkUrl')}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            onKeyDown={onLinkKey}
          />
          <button type="button" className="btn btn-sm btn-primary" onClick={applyLink}>
            {t('editor.apply')}
          </button>
          {state.link && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => {
                e.chain().focus().extendMarkRange('link').unsetLink().run();
                setLinking(false);
              }}
            >
              {t('editor.unlink')}
            </button>
          )}
        </div>
      )}
      {(uploading || problem) && (
        <div className={`small px-2 py-1 ${problem ? 'text-danger' : 'text-body-secondary'}`} role={problem ? 'alert' : 'status'}>
          {uploading && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {problem ?? t('editor.uploading')}
        </div>
      )}
      <EditorContent editor={editor} className="px-3 py-2" />
    </div>
  );
}
