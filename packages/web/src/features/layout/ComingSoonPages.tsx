import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** Any other address. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <ComingSoon text={t('notfound.page')} />;
}
