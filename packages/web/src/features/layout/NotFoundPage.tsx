import { useTranslation } from 'react-i18next';
import { NotFound } from '../../components/NotFound.tsx';

/** Any other address. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <NotFound text={t('notfound.page')} />;
}
