import { useTranslations } from 'next-intl';
import { LanguageSwitch } from '@/components/language-switch';

/** The public hand-over page's header: compact (a phone's screen is for the goods), no links a guest cannot use. */
export function HandoverHeader({ partnerEnvironment }: { partnerEnvironment: boolean }) {
  const t = useTranslations('handover');
  const header = useTranslations('header');
  const meta = useTranslations('meta');
  return (
    <header className="site-header tablet-header handover-header">
      <a className="skip-link" href="#main">
        {header('skipToContent')}
      </a>
      <div className="site-header-inner">
        <span className="brand">{t('brand', { service: meta('serviceName') })}</span>
        {partnerEnvironment ? <span className="env-badge">{header('partnerEnvironment')}</span> : null}
        <div className="site-header-end">
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
