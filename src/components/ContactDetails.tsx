import { useTranslation } from 'react-i18next';
import type { SiteContact } from '../shared/site.ts';

/** Whether any way to reach the association is set. */
export function hasContact(contact: SiteContact): boolean {
  return !!(contact.address || contact.phone || contact.email);
}

/**
 * How to reach the association (config `contact_*`), as a postal address block: the fields that are set,
 * the phone and e-mail as links. Its labels come from `ns` (`contact.*`): the public pages' `common`, or the
 * catalogue an island already has.
 */
export function ContactDetails({ contact, ns = 'common', className = '' }: { contact: SiteContact; ns?: string; className?: string }) {
  const { t } = useTranslation(ns);
  if (!hasContact(contact)) return null;
  return (
    <address className={`mb-0 ${className}`.trim()} data-contact="">
      {contact.address && <div data-contact-address="">{contact.address}</div>}
      {contact.phone && (
        <div>
          {t('contact.phone')}: <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
        </div>
      )}
      {contact.email && (
        <div>
          {t('contact.email')}: <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </div>
      )}
    </address>
  );
}
