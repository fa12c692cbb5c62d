import { pageNonce } from '../../lib/nonce.ts';

/**
 * The few rules Bootstrap utilities cannot express (dialog backdrop, sticky action column, drag states, pager
 * buttons of at least WCAG 2.2's 24 px target).
 * Tables fit a 1366 px screen: small type, headers that wrap only between words (never inside one, nor between
 * the characters of a Chinese word), date-times on two lines at most (the time under the date), text cut short
 * with the whole in a tooltip, and the main text column (title, name) taking whatever room is left, which
 * low-priority columns give up to it (useColumnRoom); on a phone it keeps a readable width and the table
 * scrolls sideways rather than squeeze the title to a letter.
 * A dialog scrolls only its body, between a fixed header and footer: the body is the containing block of
 * what is positioned inside it (hidden file inputs, pop-up lists), so nothing stretches the dialog itself.
 * React 19 hoists a `<style href precedence>` into <head> once, however many components render it.
 */
const CSS = `
.crud-dialog{overflow:hidden;border:0;padding:0;border-radius:.5rem;width:min(calc(100vw - 1rem),36rem);max-height:calc(100dvh - 2rem);background:var(--bs-body-bg);color:var(--bs-body-color);box-shadow:0 .5rem 2rem rgba(0,0,0,.3)}
.crud-dialog[open]{display:flex;flex-direction:column}
.crud-dialog.crud-dialog-lg{width:min(calc(100vw - 1rem),50rem)}
.crud-dialog.crud-dialog-xl{width:min(calc(100vw - 1rem),72rem)}
.crud-dialog::backdrop{background:rgba(0,0,0,.5)}
.crud-dialog>form,.crud-dialog>.crud-dialog-inner{display:flex;flex-direction:column;min-height:0;flex:1 1 auto}
.crud-dialog-header,.crud-dialog-footer{flex:0 0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.5rem}
.crud-dialog-header{border-bottom:1px solid var(--bs-border-color)}
.crud-dialog-footer{border-top:1px solid var(--bs-border-color);justify-content:flex-end;flex-wrap:wrap}
.crud-dialog-body{position:relative;padding:1rem;overflow:auto;overscroll-behavior:contain;flex:1 1 auto;min-height:0}
.crud-table th.crud-actions,.crud-table td.crud-actions{position:sticky;right:0;background:var(--bs-body-bg);box-shadow:-1px 0 0 var(--bs-border-color);white-space:nowrap}
.crud-table{font-size:.875rem}
.crud-table>:not(caption)>*>*{padding:.4rem .45rem}
.crud-table th,.crud-table th .btn{word-break:keep-all;overflow-wrap:normal;hyphens:none;text-align:start}
.crud-table td{white-space:nowrap}
.crud-table .crud-text{display:inline-block;max-width:10em;overflow:hidden;text-overflow:ellipsis;vertical-align:bottom}
.crud-table td.crud-main{width:100%;max-width:0}
@media (max-width:575.98px){.crud-table td.crud-main{min-width:55vw}}
.crud-table td.crud-main .crud-text{display:block;max-width:none}
.crud-table td.crud-datetime{white-space:normal;min-width:6.2em;max-width:7em}
.crud-details .crud-text{display:inline;max-width:none;white-space:normal}
.crud-json{white-space:pre-wrap;word-break:break-word;font-size:.8125rem;background:var(--bs-tertiary-bg);padding:.5rem .75rem;border-radius:.375rem}
.crud-table img.crud-thumb{width:2.5rem;height:2.5rem;object-fit:cover;border-radius:.25rem}
.crud-table tr.crud-dragging{opacity:.5}
[data-pagination] .page-link{min-width:2rem;min-height:2rem;text-align:center}
.crud-table tr.crud-drop-target>td{box-shadow:inset 0 2px 0 var(--bs-primary)}
.crud-drag-handle{cursor:grab;touch-action:none}
.crud-swatch{display:inline-block;width:1.25rem;height:1.25rem;border-radius:.25rem;border:1px solid var(--bs-border-color);vertical-align:middle}
.crud-popover{position:absolute;z-index:1060;min-width:14rem;max-height:20rem;overflow:auto;background:var(--bs-body-bg);border:1px solid var(--bs-border-color);border-radius:.375rem;box-shadow:0 .25rem 1rem rgba(0,0,0,.15)}
.crud-listbox{list-style:none;margin:0;padding:.25rem 0}
.crud-listbox [role=option]{padding:.375rem .75rem;cursor:pointer}
.crud-listbox [role=option][data-active=true]{background:var(--bs-primary);color:#fff}
.crud-icon-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(2.5rem,1fr));gap:.25rem}
.crud-editor .ProseMirror{min-height:12rem;outline:none}
.crud-editor .ProseMirror img{max-width:100%;height:auto}
.crud-editor .ProseMirror-selectednode{outline:2px solid var(--bs-primary)}
.crud-editor:focus-within{border-color:var(--bs-primary);box-shadow:0 0 0 .25rem rgba(var(--bs-primary-rgb),.25)}
`;

export function CrudStyles() {
  return (
    <style href="crud-ui" precedence="default" nonce={pageNonce()}>
      {CSS}
    </style>
  );
}
