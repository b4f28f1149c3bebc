import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** `/cup/:cupid`: series results are not built yet. */
export function CupComingSoonPage() {
  const { cupid } = useParams();
  const { t } = useTranslation();
  return <ComingSoon text={t('comingsoon.cup', { cup: cupid ?? '' })} />;
}

/** Any other address. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <ComingSoon text={t('notfound.page')} />;
}
