import { useTranslation } from 'react-i18next';
import type { TodoSection } from '../../../resources/todo.ts';
import { formatTime } from '../../../shared/time.ts';
import { useAdmin } from '../context.ts';

/**
 * The dashboard's "needs doing" (src/resources/todo.ts): each section counts its rows, names the first (a coming
 * activity with its sign-ups) and links to the screen that handles them.
 */
export function DashboardTodo({ sections }: { sections: TodoSection[] }) {
  const { t } = useTranslation('staff');
  const { adminBase, navigate, siteConfig } = useAdmin();
  return (
    <section className="admin-card mb-3" aria-labelledby="dashboard-todo" data-todo="">
      <h2 className="h6 fw-semibold" id="dashboard-todo">
        {t('todo.title')}
      </h2>
      {sections.length === 0 ? (
        <p className="admin-empty mb-0">{t('todo.nothing')}</p>
      ) : (
        <div className="row g-3">
          {sections.map((section) => {
            const path = `${adminBase}/${section.name}`;
            return (
              <div className="col-md-4" key={`${section.name}:${section.kind}`} data-todo-section={`${section.name}:${section.kind}`}>
                <h3 className="h6">
                  <a
                    href={path}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(path);
                    }}
                  >
                    {t(`todo.${section.kind}`, { title: section.title, count: section.total, days: section.days })}
                  </a>
                </h3>
                <ul className="list-unstyled small mb-0">
                  {section.items.map((item) => (
                    <li key={item.id}>
                      <time className="text-body-secondary me-2" dateTime={new Date(item.time * 1000).toISOString()}>
                        {formatTime(item.time, 'yyyy-mm-dd hh:MM', siteConfig.timeZone)}
                      </time>
                      {item.label}
                      {item.signups && (
                        <span className="d-block text-body-secondary" data-signups="">
                          {t(item.signups.places > 0 ? 'todo.signups' : 'todo.signupsUnlimited', item.signups)}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
