import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { LAYOUT_MODES } from '../../shared/constants/layout.ts';
import { themeIndex, withColour, withDefaultColours, withLayoutMode, type ColourSetting, type LayoutConfig } from './layout.ts';

const MENU_COLOURS: readonly ColourSetting[] = ['menuBackground', 'menuColor', 'menuActiveBackground', 'menuActiveColor', 'menuTopBarBackground'];
const BAR_COLOURS: readonly ColourSetting[] = ['headerBarBackground', 'headerBarTabColor', 'headerBarTabActiveBackground', 'headerBarTabActiveColor'];

/** `<input type="color">` takes #rrggbb only. */
function sixDigits(colour: string): string {
  return colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour;
}

export interface LayoutSettingsProps {
  show: boolean;
  onHide(): void;
  config: LayoutConfig;
  onChange(config: LayoutConfig): void;
}

/** The layout panel: mode, dark mode, menu collapse and the colours of the current theme, applied at once. */
export function LayoutSettings({ show, onHide, config, onChange }: LayoutSettingsProps) {
  const { t } = useTranslation('admin');
  const i = themeIndex(config);

  const colours = (names: readonly ColourSetting[]) =>
    names.map((name) => (
      <div key={name} className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <label className="form-label mb-0 small" htmlFor={`layout-colour-${name}`}>
          {t(`layout.colours.${name}`)}
        </label>
        <input
          id={`layout-colour-${name}`}
          type="color"
          className="form-control form-control-color"
          value={sixDigits(config[name][i])}
          onChange={(e) => onChange(withColour(config, name, e.target.value))}
        />
      </div>
    ));

  return (
    <Offcanvas show={show} onHide={onHide} placement="end" aria-labelledby="admin-layout-title" data-layout-settings="">
      <Offcanvas.Header closeButton closeLabel={t('shell.close')}>
        <Offcanvas.Title as="h2" className="h5" id="admin-layout-title">
          {t('layout.title')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <fieldset className="mb-4">
          <legend className="fs-6 fw-semibold">{t('layout.mode')}</legend>
          <div className="admin-layout-modes">
            {LAYOUT_MODES.map((mode) => (
              <div key={mode} className="admin-layout-mode">
                <input
                  className="btn-check"
                  type="radio"
                  name="admin-layout-mode"
                  id={`layout-mode-${mode}`}
                  value={mode}
                  checked={config.layoutMode === mode}
                  onChange={() => onChange(withLayoutMode(config, mode))}
                />
                <label className="admin-layout-preview" htmlFor={`layout-mode-${mode}`} data-mode={mode}>
                  <span className="preview" aria-hidden="true">
                    <span className="preview-side" />
                    <span className="preview-top" />
                  </span>
                  {t(`layout.modes.${mode}`)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="form-check form-switch mb-2">
          <input className="form-check-input" type="checkbox" role="switch" id="layout-dark" checked={config.isDark} onChange={(e) => onChange({ ...config, isDark: e.target.checked })} />
          <label className="form-check-label" htmlFor="layout-dark">
            {t('layout.dark')}
          </label>
        </div>
        <div className="form-check form-switch mb-4">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id="layout-collapse"
            checked={config.menuCollapse}
            disabled={config.layoutMode === 'Streamline'}
            aria-describedby={config.layoutMode === 'Streamline' ? 'layout-collapse-note' : undefined}
            onChange={(e) => onChange({ ...config, menuCollapse: e.target.checked })}
          />
          <label className="form-check-label" htmlFor="layout-collapse">
            {t('layout.collapse')}
          </label>
          {config.layoutMode === 'Streamline' && (
            <div id="layout-collapse-note" className="form-text">
              {t('layout.collapseStreamline')}
            </div>
          )}
        </div>
        <h3 className="h6 fw-semibold">{t(config.isDark ? 'layout.coloursDark' : 'layout.coloursLight')}</h3>
        <fieldset className="mb-3">
          <legend className="small text-body-secondary text-uppercase">{t('layout.menuColours')}</legend>
          {colours(MENU_COLOURS)}
        </fieldset>
        <fieldset className="mb-3">
          <legend className="small text-body-secondary text-uppercase">{t('layout.barColours')}</legend>
          {colours(BAR_COLOURS)}
        </fieldset>
        <button type="button" className="btn btn-outline-secondary w-100" onClick={() => onChange(withDefaultColours(config))}>
          <i className="bi bi-arrow-counterclockwise me-2" aria-hidden="true" />
          {t('layout.resetColours')}
        </button>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
