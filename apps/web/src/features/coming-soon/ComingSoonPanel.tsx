import Button from 'antd-mobile/es/components/button';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import { useTranslation } from '../../i18n/use-translation';
import { useGoBack } from '../../lib/go-back';

/** The translated "on its way" message for screens later issues build, with a way back off sub-pages. */
export function ComingSoonPanel({ showBack }: { showBack: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <section className="coming-soon" data-testid="page-coming-soon">
      <div className="coming-soon__mark" aria-hidden="true">
        <ClockCircleOutline />
      </div>
      <h2 className="coming-soon__title">{t('common.coming_soon_title')}</h2>
      <p className="coming-soon__body">{t('common.coming_soon_body')}</p>
      {showBack && (
        <Button color="primary" fill="outline" shape="rounded" onClick={goBack}>
          {t('common.back')}
        </Button>
      )}
    </section>
  );
}
