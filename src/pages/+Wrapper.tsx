import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { pageI18n } from './i18n.ts';

export default function Wrapper({ children }: { children: ReactNode }) {
  const { lang } = usePageContext();
  return <I18nextProvider i18n={pageI18n(lang)}>{children}</I18nextProvider>;
}
