import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  id: string;
  /** HTML; '' when empty. */
  value: string;
  onChange(html: string): void;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
}

// Tiptap and ProseMirror are the heaviest code of the admin: only forms with an editor field fetch them. The
// server never renders one (admin forms open in the browser), so its build leaves them out: 440 KB of source
// every start would read and hold.
const TiptapEditor = import.meta.env.SSR ? null : lazy(() => import('./TiptapEditor.tsx'));

/** The rich-text input: a loading placeholder of the same size until the editor's chunk is in. */
export function RichTextEditor(props: RichTextEditorProps) {
  return TiptapEditor ? (
    <Suspense fallback={<EditorLoading />}>
      <TiptapEditor {...props} />
    </Suspense>
  ) : (
    <EditorLoading />
  );
}

function EditorLoading() {
  const { t } = useTranslation('crud-ui');
  return (
    <div className="form-control d-flex align-items-center justify-content-center text-body-secondary" style={{ minHeight: '15rem' }} role="status">
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {t('editor.loading')}
    </div>
  );
}
