import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { useEvent } from '../events/useEvent.ts';

/** `/cup/:cupid`: series results are not built yet. */
export function CupComingSoonPage() {
  const { cupid } = useParams();
  const { t } = useTranslation();
  return <ComingSoon text={t('comingsoon.cup', { cup: cupid ?? '' })} />;
}

/** `/:evid/reg`, `/:evid/result`, `/:evid/tulemus`, `/:evid/responses`: named, not built yet. */
export function EventComingSoonPage({ kind }: { kind: 'reg' | 'result' | 'responses' }) {
  const { evid } = useParams();
  const { t } = useTranslation();
  const event = useEvent(evid);
  const name = event.data?.name ?? evid ?? '';
  return <ComingSoon text={t(`comingsoon.${kind}`, { event: name })} backTo={`/${evid ?? ''}`} />;
}

/** Any other address. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <ComingSoon text={t('notfound.page')} />;
}
