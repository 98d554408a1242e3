import { useTranslation } from '../i18n/use-translation';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer" data-testid="footer">
      <p>{t('footer.risk_warning')}</p>
      <p>{t('footer.restricted')}</p>
      <p className="app-footer__copy">{t('footer.copyright')}</p>
    </footer>
  );
}
